import { z } from 'zod';
/**
 * Brazilian tax ids: CPF (people, 11 digits) and CNPJ (companies, 14 characters), with their check digits.
 * Since July 2026 a new CNPJ's first 12 characters may be letters as well as digits (IN RFB 2.229/2024); its
 * two check digits stay digits, computed over each character's code minus 48 (`A` counts 17).
 */

export const digits = (value: string): string => value.replace(/\D/g, '');

/** A CPF or CNPJ as the store keeps and compares it: upper case, letters and digits only ("12.abc…" → "12ABC…"). */
export const documentKey = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

export function validCpf(value: string): boolean {
  const cpf = documentKey(value);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(cpf[9]) && check(10) === Number(cpf[10]);
}

/** A CNPJ's two check digits for its first 12 characters (digits or upper-case letters). */
export function cnpjCheckDigits(base: string): string {
  const values = Array.from({ length: base.length }, (_, i) => base.charCodeAt(i) - 48);
  const digit = (weights: number[], of: number[]) => {
    const rest = weights.reduce((total, w, i) => total + w * (of[i] ?? 0), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], values);
  const second = digit([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [...values, first]);
  return `${String(first)}${String(second)}`;
}

export function validCnpj(value: string): boolean {
  const cnpj = documentKey(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
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

/** A CPF (11 digits) or CNPJ (14 characters, letters too) as people write it; anything else as it is. */
export function formatDocument(value: string): string {
  const key = documentKey(value);
  if (/^\d{11}$/.test(key)) return key.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^[0-9A-Z]{12}\d{2}$/.test(key))
    return key.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return value;
}

/** A Brazilian phone's digits with DDD as people write it: (19) 98765-4321, (11) 3456-7890; else as it is. */
export function formatPhone(value: string): string {
  const d = digits(value);
  if (d.length === 11) return d.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  if (d.length === 10) return d.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1) $2-$3');
  return value;
}
