import { Hono } from 'hono';
import { cartShippingSchema, productShippingSchema } from '#/contract/shipping.ts';
import { rememberCep } from '#/server/accounts/sessions.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { currentCart } from '#/server/cart/cart.ts';
import { quoteCart, quoteProduct } from '#/server/cart/shipping.ts';

/** Shipping quotes: for one product (the product page) and, our extension, for the session's cart. The CEP is remembered. */
export const shipment = new Hono<PlatformEnv>();

shipment.post('/product', async (c) => {
  const form = readForm(await c.req.json().catch(() => undefined), productShippingSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db } = c.get('config');
  const quote = await quoteProduct(db, form.data, c.get('config').shippingProvider);
  await rememberCep(db, c.get('session'), form.data.cep);
  return c.json(quote);
});

shipment.post('/cart', async (c) => {
  const form = readForm(await c.req.json().catch(() => undefined), cartShippingSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db } = c.get('config');
  const cart = await currentCart(c.get('config'), c.get('origin'), c.get('session'));
  const quote = await quoteCart(db, form.data.cep, cart, c.get('config').shippingProvider);
  await rememberCep(db, c.get('session'), form.data.cep);
  return c.json(quote);
});
