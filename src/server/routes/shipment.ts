import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { cartShippingSchema, productShippingSchema } from '../../contract/shipping.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { invalidForm, readForm } from '../forms/fields.ts';
import { loadCart } from '../catalog/cart.ts';
import { quoteShipping } from '../catalog/shipping.ts';
import { loadSettings } from '../catalog/store-settings.ts';
import { rememberCep } from '../accounts/sessions.ts';

/** Shipping quotes: for one product (the product page) and, our extension, for the session's cart. */
export const shipment = new Hono<PlatformEnv>();

const NO_STATE = 'Não encontramos este CEP. Confira os números ou use "Não sei meu CEP".';

shipment.post('/product', async (c) => {
  const form = readForm(await c.req.json().catch(() => undefined), productShippingSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { cep, idProduto, idAtributoValor, quantidade } = form.data;
  const { db } = c.get('config');
  const [variant] = await db
    .select({ price: t.variants.price })
    .from(t.variants)
    .where(
      idAtributoValor
        ? and(eq(t.variants.productId, idProduto), eq(t.variants.id, idAtributoValor))
        : eq(t.variants.productId, idProduto),
    )
    .orderBy(t.variants.position)
    .limit(1);
  if (!variant) throw notFound('Produto não encontrado.');
  const quote = quoteShipping(cep, variant.price * quantidade, quantidade, await loadSettings(db));
  if (!quote) throw badRequest(NO_STATE);
  await rememberCep(c.get('config').db, c.get('session'), cep);
  return c.json(quote);
});

shipment.post('/cart', async (c) => {
  const form = readForm(await c.req.json().catch(() => undefined), cartShippingSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db } = c.get('config');
  const cart = await loadCart(db, c.get('origin'), c.get('session'));
  if (cart.itens.length === 0)
    throw badRequest('Sua sacola está vazia: adicione um produto para calcular o frete.');
  const quote = quoteShipping(
    form.data.cep,
    cart.subtotal.valor,
    cart.quantidadeTotal,
    await loadSettings(db),
  );
  if (!quote) throw badRequest(NO_STATE);
  await rememberCep(c.get('config').db, c.get('session'), form.data.cep);
  return c.json(quote);
});
