import { z } from 'zod';

/**
 * An address in Brazil, as every part of the store keeps and shows it: the account's own (on the
 * customer), the delivery addresses of the address book, the copy an order keeps, what a CEP fills in.
 * Keys are the platform's (Portuguese), everywhere, so no layer renames them.
 */
export const addressSchema = z.object({
  cep: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** The address an order is delivered to, kept on the order as it was: the recipient's name with it. */
export type OrderAddress = Address & { nome: string };

/**
 * `GET address/cep/{cep}`: what a CEP tells of an address, for filling a form. `logradouro` and `bairro`
 * are empty when only the city is known (a city-wide CEP, or the embedded table's city ranges); the
 * shopper types them, and always the number.
 */
export const cepAddressSchema = addressSchema.pick({
  cep: true,
  logradouro: true,
  bairro: true,
  cidade: true,
  uf: true,
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

/** A CEP as shoppers write it: 01310-100 (anything that is not eight digits stays as typed). */
export const formatCep = (cep: string): string => cep.replace(/^(\d{5})-?(\d{3})$/, '$1-$2');

/** When neither the table nor the provider knows the CEP. */
export const CEP_UNKNOWN = 'Não encontramos este CEP. Confira os números ou preencha o endereço abaixo.';

type AddressParts = Omit<Address, 'cep'>;

/** 'Rua das Flores, 120 – apto 3': the street line of an address, as the checkout and the order show it. */
export const streetLine = (a: AddressParts): string =>
  `${a.logradouro}, ${a.numero}${a.complemento ? ` – ${a.complemento}` : ''}`;

/** 'Centro – Campinas/SP': the district and city line (the CEP is written apart). */
export const cityLine = (a: AddressParts): string => `${a.bairro ? `${a.bairro} – ` : ''}${a.cidade}/${a.uf}`;
