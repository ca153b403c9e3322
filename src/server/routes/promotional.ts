import type { Context } from 'hono';
import { Hono } from 'hono';
import { couponCodeSchema } from '#/contract/coupon.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { currentCart } from '#/server/cart/cart.ts';
import { badRequest, PlatformError } from '#/server/errors.ts';
import {
  couponRefusal,
  findCoupon,
  publicCoupon,
  sessionCouponCode,
  setSessionCoupon,
} from '#/server/promotions/coupons.ts';
import { rateLimit } from '#/server/rate-limit.ts';

/**
 * `promotional/coupon/{code}`: `PUT` puts a coupon on the session's cart, `DELETE` (our extension) takes it
 * off; both answer the whole cart, whose `cupom` says what the coupon takes off now. A code that does not
 * apply is refused with the reason and leaves the cart as it was.
 */
export const promotional = new Hono<PlatformEnv>();

const cartNow = (c: Context<PlatformEnv>) => currentCart(c.get('config'), c.get('origin'), c.get('session'));

// Codes can be guessed: a shopper tries a few, a script many.
promotional.put('/coupon/:code', rateLimit('cupom', 20, 60_000), async (c) => {
  const parsed = couponCodeSchema.safeParse(c.req.param('code'));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Código de cupom inválido.');
  const { db } = c.get('config');
  const coupon = await findCoupon(db, parsed.data);
  if (!coupon)
    throw new PlatformError(
      404,
      'coupon_unknown',
      `Não encontramos o cupom ${parsed.data}. Confira as letras e os números.`,
    );
  // Judged as the cart would carry it: put it on and read the cart; a refusal puts back what was there.
  const session = c.get('session');
  const previous = await sessionCouponCode(db, session);
  await setSessionCoupon(db, session, coupon.code);
  const cart = await cartNow(c);
  if (!cart.cupom?.aplicado) {
    await setSessionCoupon(db, session, previous);
    throw new PlatformError(
      422,
      'coupon_refused',
      couponRefusal(cart.cupom, 'Este cupom não vale para esta sacola.'),
    );
  }
  return c.json(cart);
});

/**
 * What a page that advertises a coupon may print of it (our extension): its rules and whether it still
 * applies. Read by the marketing pages as they are built; its own limit, apart from the shopper's tries.
 */
promotional.get('/coupon/:code', rateLimit('cupom-leitura', 60, 60_000), async (c) => {
  const parsed = couponCodeSchema.safeParse(c.req.param('code'));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Código de cupom inválido.');
  const coupon = await findCoupon(c.get('config').db, parsed.data);
  if (!coupon) throw new PlatformError(404, 'coupon_unknown', `Não encontramos o cupom ${parsed.data}.`);
  return c.json({ cupom: publicCoupon(coupon, new Date()) });
});

/** Take the coupon off (the code in the path, if any, changes nothing: a cart has one coupon). */
const takeOff = async (c: Context<PlatformEnv>) => {
  await setSessionCoupon(c.get('config').db, c.get('session'), '');
  return c.json(await cartNow(c));
};
promotional.delete('/coupon', takeOff);
promotional.delete('/coupon/:code', takeOff);
