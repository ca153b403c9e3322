import { zValidator } from '@hono/zod-validator';
import { idempotent, onceForKey } from '#/server/idempotency.ts';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { z } from 'zod';
import { cartAddSchema, cartRemoveSchema, cartUpdateSchema } from '#/contract/cart.ts';
import type { Cart } from '#/contract/cart.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { addToCart, currentCart, removeFromCart, setCartQuantity } from '#/server/cart/cart.ts';
import type { CartLine } from '#/server/cart/cart.ts';
import { loadUpsell } from '#/server/cart/upsell.ts';

export const cart = new Hono<PlatformEnv>();

/** Invalid bodies are a 400 with the first problem in Portuguese. */
const body = <S extends z.ZodType>(schema: S) =>
  zValidator('json', schema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Dados do carrinho inválidos.');
  });

/** The contract's Portuguese line (platform names) as the domain's line. */
const lineOf = (item: { idProduto: number; idAtributoSimples: number; quantidade: number }): CartLine => ({
  productId: item.idProduto,
  variantId: item.idAtributoSimples,
  quantity: item.quantidade,
});

/** The session's cart as it is now (with the messages of the change that led here). */
const cartNow = (c: Context<PlatformEnv>, mensagens: Cart['mensagens'] = []) =>
  currentCart(c.get('config'), c.get('origin'), c.get('session'), mensagens);

cart.get('/', async (c) => c.json(await cartNow(c)));

// Each change runs once per Idempotency-Key (idempotency.ts): a retry of one already made answers the cart now.
cart.post('/', idempotent, body(cartAddSchema), async (c) => {
  const session = c.get('session');
  const done = await onceForKey(c.get('config').db, c.get('keyClaim'), async (db) => {
    const mensagens = [];
    for (const item of c.req.valid('json').itens)
      mensagens.push(...(await addToCart(db, session, lineOf(item))));
    return mensagens;
  });
  return c.json(await cartNow(c, done.applied ? done.value : []));
});

cart.put('/', idempotent, body(cartUpdateSchema), async (c) => {
  const done = await onceForKey(c.get('config').db, c.get('keyClaim'), (db) =>
    setCartQuantity(db, c.get('session'), lineOf(c.req.valid('json'))),
  );
  return c.json(await cartNow(c, done.applied ? done.value : []));
});

cart.delete('/', idempotent, body(cartRemoveSchema), async (c) => {
  await onceForKey(c.get('config').db, c.get('keyClaim'), (db) =>
    removeFromCart(db, c.get('session'), c.req.valid('json').idAtributoSimples),
  );
  return c.json(await cartNow(c));
});

/** `checkout/upsell/{local}`: offers for a place in the checkout; only the side cart has them. */
export const upsell = new Hono<PlatformEnv>();

upsell.get('/carrinhoLateral', async (c) =>
  c.json(await loadUpsell(c.get('config').db, c.get('origin'), c.get('session'))),
);
