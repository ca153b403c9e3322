import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { LOGIN_REQUIRED, wishlistRequestSchema } from '#/contract/wishlist.ts';
import type { WishlistAnswer } from '#/contract/wishlist.ts';
import { requireCustomer } from '#/server/accounts/customers.ts';
import { changeFavourite, favouriteIds } from '#/server/accounts/favourites.ts';
import type { FavouriteAction } from '#/server/accounts/favourites.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { currentPricePolicy } from '#/server/catalog/price-policy.ts';
import { loadProdutos } from '#/server/catalog/products.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';

/** `wishlist`: the logged-in customer's favourites; guests get 401. */
export const wishlist = new Hono<PlatformEnv>();

const body = zValidator('json', wishlistRequestSchema, (result) => {
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Produto inválido.');
});

const MESSAGES: Record<FavouriteAction, string> = {
  add: 'Produto adicionado aos favoritos.',
  remove: 'Produto removido dos favoritos.',
  verify: '',
};

wishlist.get('/', async (c) => {
  const { db } = c.get('config');
  const customer = await requireCustomer(db, c.get('session'), LOGIN_REQUIRED);
  const favoritos = await favouriteIds(db, customer.id);
  if (c.req.query('produtos') !== '1') return c.json({ favoritos });
  const [taxonomy, policy] = await Promise.all([getTaxonomy(db), currentPricePolicy(c.get('config'))]);
  const produtos = await loadProdutos(db, c.get('origin'), taxonomy, policy, favoritos);
  return c.json({ favoritos, produtos });
});

wishlist.post('/:action{add|remove|verify}', body, async (c) => {
  const { db } = c.get('config');
  const customer = await requireCustomer(db, c.get('session'), LOGIN_REQUIRED);
  const action = c.req.param('action') as FavouriteAction;
  const favorito = await changeFavourite(db, customer.id, c.req.valid('json').idProduto, action);
  return c.json({ sucesso: true, mensagem: MESSAGES[action], favorito } satisfies WishlistAnswer);
});
