import { zValidator } from '@hono/zod-validator';
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { LOGIN_REQUIRED, wishlistRequestSchema } from '../../contract/wishlist.ts';
import type { WishlistAnswer } from '../../contract/wishlist.ts';
import { requireCustomer } from '../accounts/customers.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { loadProdutos } from '../catalog/products.ts';
import { getTaxonomy } from '../catalog/taxonomy.ts';

/** Favourites of the logged-in customer: product ids, one row each; guests get 401. */
export const wishlist = new Hono<PlatformEnv>();

const body = zValidator('json', wishlistRequestSchema, (result) => {
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Produto inválido.');
});

wishlist.get('/', async (c) => {
  const { db } = c.get('config');
  const customer = await requireCustomer(db, c.get('session'), LOGIN_REQUIRED);
  const rows = await db
    .select({ id: t.wishlistItems.productId })
    .from(t.wishlistItems)
    .where(eq(t.wishlistItems.customerId, customer.id))
    .orderBy(desc(t.wishlistItems.addedAt), t.wishlistItems.productId);
  const favoritos = rows.map((r) => r.id);
  if (c.req.query('produtos') !== '1') return c.json({ favoritos });
  const produtos = await loadProdutos(db, c.get('origin'), await getTaxonomy(db), favoritos);
  return c.json({ favoritos, produtos });
});

wishlist.post('/:action{add|remove|verify}', body, async (c) => {
  const { db } = c.get('config');
  const customer = await requireCustomer(db, c.get('session'), LOGIN_REQUIRED);
  const { idProduto } = c.req.valid('json');
  const [product] = await db
    .select({ id: t.products.id })
    .from(t.products)
    .where(eq(t.products.id, idProduto));
  if (!product) throw notFound('Produto não encontrado.');
  const line = and(eq(t.wishlistItems.customerId, customer.id), eq(t.wishlistItems.productId, idProduto));
  let answer: WishlistAnswer;
  switch (c.req.param('action')) {
    case 'add':
      await db
        .insert(t.wishlistItems)
        .values({ customerId: customer.id, productId: idProduto })
        .onConflictDoNothing();
      answer = { sucesso: true, mensagem: 'Produto adicionado aos favoritos.', favorito: true };
      break;
    case 'remove':
      await db.delete(t.wishlistItems).where(line);
      answer = { sucesso: true, mensagem: 'Produto removido dos favoritos.', favorito: false };
      break;
    default: {
      const [row] = await db.select({ id: t.wishlistItems.productId }).from(t.wishlistItems).where(line);
      answer = { sucesso: true, mensagem: '', favorito: row !== undefined };
    }
  }
  return c.json(answer);
});
