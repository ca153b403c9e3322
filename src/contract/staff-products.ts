import { z } from 'zod';
import { listSearch, soldOutOnly, wholeNumber } from './common.ts';

/** The team's product list (`GET /v2/admin/products`; our extension, owners and `catalogo`). */

export const PRODUCTS_PER_PAGE = 25;

const optionalId = (name: string) =>
  wholeNumber(name, { min: 1 })
    .optional()
    .or(z.literal('').transform(() => undefined));

export const staffProductQuerySchema = z.object({
  /** Part of the name, or of one of its SKUs. */
  q: listSearch(),
  marca: optionalId('marca'),
  categoria: optionalId('categoria'),
  /** `1`: only products with no stock in any finish. */
  esgotados: soldOutOnly(),
  ordem: z
    .enum(['recentes', 'nome', 'menor-estoque', 'mais-vendidos'], {
      error: 'ordem: use recentes, nome, menor-estoque ou mais-vendidos.',
    })
    .default('recentes'),
  pagina: wholeNumber('pagina', { min: 1, max: 2000 }).default(1),
});
export type StaffProductQuery = z.output<typeof staffProductQuerySchema>;

export const staffProductListSchema = z.object({
  itens: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      /** The storefront address, e.g. `/torneira-x.html`. */
      caminho: z.string(),
      marca: z.string(),
      categoria: z.string(),
      /** The price shown (its first finish in stock), and the "de" price. */
      preco: z.number(),
      precoDe: z.number(),
      estoque: z.number().int(),
      acabamentos: z.number().int(),
      /** SKUs of its finishes, in their order. */
      skus: z.array(z.string()),
    }),
  ),
  total: z.number().int(),
  pagina: z.number().int(),
  paginas: z.number().int(),
  /** What the filters offer: every brand, and every category a product can be in. */
  marcas: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  categorias: z.array(z.object({ id: z.number().int(), caminho: z.string() })),
});
export type StaffProductList = z.infer<typeof staffProductListSchema>;
