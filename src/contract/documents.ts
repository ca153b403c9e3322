import { z } from 'zod';
/** Brazilian tax ids: CPF (people, 11 digits) and CNPJ (companies, 14 digits), with their check digits. */

export const digits = (value: string): string => value.replace(/\D/g, '');

export function validCpf(value: string): boolean {
  const cpf = digits(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(cpf[9]) && check(10) === Number(cpf[10]);
}

export function validCnpj(value: string): boolean {
  const cnpj = digits(value);
  if (cnpj.length !== 14 || /^(\d)\1{13}$/.test(cnpj)) return false;
  const check = (length: number) => {
    const weights =
      length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((total, w, i) => total + w * Number(cnpj[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(cnpj[12]) && check(13) === Number(cnpj[13]);
}

export const CEP_MESSAGE = 'CEP inválido. Informe os 8 dígitos, por exemplo 13035-000.';

/**
 * The one rule for every CEP the store reads (shipping calculators, `checkout/zipcode`, addresses): five
 * digits, an optional dash, three digits, after trimming; answered as the 8 digits.
 */
export const cepSchema = (missing = 'Informe o CEP.') =>
  z
    .string({ message: missing })
    .trim()
    .regex(/^\d{5}-?\d{3}$/, { message: CEP_MESSAGE })
    .transform((cep) => cep.replace('-', ''))
    .refine((cep) => cep !== '00000000', { message: CEP_MESSAGE });

/** A CPF (11 digits) or CNPJ (14) as people write it; anything else as it is. */
export function formatDocument(value: string): string {
  const d = digits(value);
  if (d.length === 11) return d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return value;
}

/** A Brazilian phone's digits with DDD as people write it: (19) 98765-4321, (11) 3456-7890; else as it is. */
export function formatPhone(value: string): string {
  const d = digits(value);
  if (d.length === 11) return d.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  if (d.length === 10) return d.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1) $2-$3');
  return value;
}
