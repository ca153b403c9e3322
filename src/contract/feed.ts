import { z } from 'zod';

/**
 * `GET feed` (our extension): the catalogue as shopping feeds read it (Google Merchant Center, Meta), one
 * item per finish on sale; `/feeds/google.xml` writes it as RSS 2.0 with the `g:` namespace.
 */
export const feedItemSchema = z.object({
  /** The finish's SKU. */
  id: z.string(),
  /** The product's id: every finish of one product is one group. */
  grupo: z.string(),
  titulo: z.string(),
  descricao: z.string(),
  /** The product page with this finish chosen (`?sku=`). */
  link: z.string(),
  imagem: z.string(),
  disponivel: z.boolean(),
  /** The "de" price, and the "por" price when lower (the price the page and its JSON-LD offer). */
  preco: z.number(),
  precoPromocional: z.number().nullable(),
  marca: z.string(),
  /** The product's GTIN (EAN), or empty: the feed then says it has none. */
  gtin: z.string(),
  /** The category with its parents: "Banheiro > Cubas e lavatórios". */
  categoria: z.string(),
  pesoGramas: z.number().nullable(),
  /** The longest interest-free installment plan, only while the checkout takes cards. */
  parcelas: z.object({ meses: z.number().int(), valor: z.number() }).nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedSchema = z.object({
  loja: z.object({ nome: z.string(), url: z.string(), descricao: z.string() }),
  itens: z.array(feedItemSchema),
});
export type Feed = z.infer<typeof feedSchema>;
