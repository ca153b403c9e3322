import { z } from 'zod';
import { wholeNumber } from './common.ts';
import { produtoSchema } from './product.ts';

/** `GET wishlist`: the logged-in customer's favourite product ids (guests get a 401). */
export const wishlistSchema = z.object({ favoritos: z.array(z.number().int()) });
export type Wishlist = z.infer<typeof wishlistSchema>;

/** `POST wishlist/add|remove|verify`: the product (the other fields are the platform's, always 0/1/""). */
export const wishlistRequestSchema = z.object(
  {
    idProduto: wholeNumber('idProduto', {
      min: 1,
      required: 'Informe o produto (idProduto).',
      tooSmall: 'Informe o produto (idProduto).',
    }),
    idAtributoSimples: wholeNumber('idAtributoSimples').default(0),
    idUnidadeVenda: wholeNumber('idUnidadeVenda').default(0),
    quantidade: wholeNumber('quantidade').default(1),
    parametroAdicional: z.string().max(200).default(''),
  },
  { message: 'Envie um objeto com idProduto.' },
);

export const wishlistAnswerSchema = z.object({
  sucesso: z.boolean(),
  mensagem: z.string(),
  /** `verify` (and the others, after the change): whether the product is now a favourite. */
  favorito: z.boolean(),
});
export type WishlistAnswer = z.infer<typeof wishlistAnswerSchema>;

export const LOGIN_REQUIRED = 'Faça login para guardar seus favoritos.';

/** `GET wishlist?produtos=1` (our extension): the favourites as listing products, newest first. */
export const wishlistProductsSchema = wishlistSchema.extend({ produtos: z.array(produtoSchema) });
