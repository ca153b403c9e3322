import { z } from 'zod';
import { listSearch, soldOutOnly, wholeNumber } from './common.ts';

/** The team's stock (`GET /v2/admin/stock`, `PUT /v2/admin/stock/{sku}`; our extension). */

export const STOCK_PER_PAGE = 25;

/** What a SKU may hold: letters (accented too: the seed's brand codes have them), digits, `.`, `_`, `-`. */
export const SKU_PATTERN = /^[\p{L}\p{N}._-]{1,64}$/u;

export const staffStockQuerySchema = z.object({
  /** Part of a SKU or of the product's name. */
  q: listSearch(),
  /** `1`: only finishes with no stock. */
  esgotados: soldOutOnly(),
  pagina: wholeNumber('pagina', { min: 1, max: 400 }).default(1),
});
export type StaffStockQuery = z.output<typeof staffStockQuerySchema>;

export const staffStockSchema = z.object({
  itens: z.array(
    z.object({
      sku: z.string(),
      idProduto: z.number().int(),
      produto: z.string(),
      acabamento: z.string(),
      estoque: z.number().int(),
      /** Shoppers waiting for it ("Avise-me"), e-mailed when it comes back. */
      aguardando: z.number().int(),
    }),
  ),
  total: z.number().int(),
  pagina: z.number().int(),
  paginas: z.number().int(),
});
export type StaffStock = z.infer<typeof staffStockSchema>;

export const stockChangeSchema = z.object({
  estoque: wholeNumber('estoque', { max: 1_000_000, required: 'Informe o estoque.' }),
});

/** `PUT /v2/admin/stock/{sku}`'s answer: the stock it had and has, and how many waiting shoppers were e-mailed. */
export const stockChangeAnswerSchema = z.object({
  sku: z.string(),
  antes: z.number().int(),
  estoque: z.number().int(),
  avisados: z.number().int(),
});
