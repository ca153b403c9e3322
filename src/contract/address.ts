import { z } from 'zod';

/**
 * `GET address/cep/{cep}`: what a CEP tells of an address, for filling a form. `logradouro` and `bairro`
 * are empty when only the city is known (a city-wide CEP, or the embedded table's city ranges); the
 * shopper types them, and always the number.
 */
export const cepAddressSchema = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

/** A CEP as shoppers write it: 01310-100 (anything that is not eight digits stays as typed). */
export const formatCep = (cep: string): string => cep.replace(/^(\d{5})-?(\d{3})$/, '$1-$2');

/** When neither the table nor the provider knows the CEP. */
export const CEP_UNKNOWN = 'Não encontramos este CEP. Confira os números ou preencha o endereço abaixo.';

type AddressParts = {
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
};

/** 'Rua das Flores, 120 – apto 3': the street line of an address, as the checkout and the order show it. */
export const streetLine = (a: AddressParts): string =>
  `${a.logradouro}, ${a.numero}${a.complemento ? ` – ${a.complemento}` : ''}`;

/** 'Centro – Campinas/SP': the district and city line (the CEP is written apart). */
export const cityLine = (a: AddressParts): string => `${a.bairro ? `${a.bairro} – ` : ''}${a.cidade}/${a.uf}`;
