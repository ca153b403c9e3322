import { z } from 'zod';
import { atividadeSchema } from './activity.ts';

/**
 * The store's own shipping table, by region (`/v2/admin/shipping-table`, owners; our extension,
 * `/painel/frete`): what "Econômica" costs and takes when no carrier is on, or when the carrier does not
 * answer ("Expressa" is 80% more, in half the days). A parcel pays the first item, each further item, and each
 * kg above the kg the price includes; it is free from the region's value (or from Configurações' one value
 * for the whole country, when set).
 */

export const REGIONS = {
  SE: 'Sudeste',
  S: 'Sul',
  CO: 'Centro-Oeste',
  NE: 'Nordeste',
  N: 'Norte',
} as const;
export type Region = keyof typeof REGIONS;
export const REGION_KEYS = Object.keys(REGIONS) as [Region, ...Region[]];

const money = (what: string, max: number) =>
  z
    .number({ message: `Informe ${what} em reais, como 24,90.` })
    .min(0, { message: `Informe ${what} em reais, de 0 a ${String(max)}.` })
    .max(max, { message: `Informe ${what} em reais, de 0 a ${String(max)}.` });

export const regionRowSchema = z.object({
  primeiroItem: money('o frete do primeiro item', 1000),
  itemAdicional: money('o valor de cada item a mais', 500),
  kgIncluidos: z
    .number({ message: 'Informe quantos kg o valor inclui, de 0 a 1000.' })
    .int({ message: 'Informe kg inteiros, de 0 a 1000.' })
    .min(0, { message: 'Informe quantos kg o valor inclui, de 0 a 1000.' })
    .max(1000, { message: 'Informe quantos kg o valor inclui, de 0 a 1000.' }),
  porKgAdicional: money('o valor de cada kg a mais', 200),
  dias: z
    .number({ message: 'Informe o prazo em dias úteis, de 1 a 60.' })
    .int({ message: 'Informe dias úteis inteiros, de 1 a 60.' })
    .min(1, { message: 'Informe o prazo em dias úteis, de 1 a 60.' })
    .max(60, { message: 'Informe o prazo em dias úteis, de 1 a 60.' }),
  gratisAPartirDe: z
    .number({ message: 'Informe a partir de quanto o frete é grátis, como 299,90.' })
    .min(1, { message: 'Informe a partir de quanto o frete é grátis, de R$ 1 a R$ 100.000.' })
    .max(100_000, { message: 'Informe a partir de quanto o frete é grátis, de R$ 1 a R$ 100.000.' }),
});
export type RegionRow = z.infer<typeof regionRowSchema>;

/** `PUT /v2/admin/shipping-table`: every region's row. */
export const shippingTableSchema = z.object({
  regioes: z.object(
    Object.fromEntries(REGION_KEYS.map((r) => [r, regionRowSchema])) as Record<
      Region,
      typeof regionRowSchema
    >,
  ),
});
export type ShippingTable = z.infer<typeof shippingTableSchema>;

export const shippingTableAnswerSchema = shippingTableSchema.extend({
  /** Configurações' one value for the whole country, which wins over each region's (null: none). */
  gratisBrasil: z.number().nullable(),
  historico: z.array(atividadeSchema),
});
export type ShippingTableAnswer = z.infer<typeof shippingTableAnswerSchema>;
