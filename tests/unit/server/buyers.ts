import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cartSchema } from '#/contract/cart.ts';
import type { Cart } from '#/contract/cart.ts';
import { cartFingerprint } from '#/contract/order.ts';
import type { PaymentMethod } from '#/contract/order.ts';
import { shippingSchema } from '#/contract/shipping.ts';
import { listingSchema, productPageSchema } from '#/contract/page.ts';
import * as t from '#/server/db/schema.ts';
import { ADMIN_TOKEN, newSession } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** Buyers for the order tests: a variant to buy, a logged-in customer with a cart, the POST that places it. */

export type Variant = { product: number; id: number; price: number };

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The first variant of each of the first `count` products of the kitchen listing. */
export async function pickVariants(store: TestPlatform, count: number): Promise<Variant[]> {
  const listing = await store.getJson(
    `/v2/front/url/product/listing/category?url=/cozinha/&limit=${String(count)}`,
    listingSchema,
  );
  const picks: Variant[] = [];
  for (const p of listing.conteudo.produtos.slice(0, count)) {
    const page = await store.getJson(
      `/v2/front/url/product/detail?url=${p.rota.path ?? ''}`,
      productPageSchema,
    );
    const v = page.conteudo.atributos.simples?.valores[0];
    if (!v) throw new Error('no variant');
    picks.push({ product: page.conteudo.id, id: v.idAtributoValor, price: v.precos.por });
  }
  return picks;
}

/** A logged-in buyer in Campinas (SP) with these lines in the cart; answers its session and fingerprint. */
export async function buyer(store: TestPlatform, lines: { v: Variant; quantidade: number }[]) {
  const session = newSession();
  const customerId = await store.loginAs(session, { name: 'Ana Souza' });
  await store.database.db
    .update(t.customers)
    .set({
      address: {
        cep: '13035000',
        logradouro: 'Rua das Flores',
        numero: '120',
        complemento: '',
        bairro: 'Centro',
        cidade: 'Campinas',
        uf: 'SP',
      },
    })
    .where(eq(t.customers.id, customerId));
  let cart: Cart | undefined;
  for (const { v, quantidade } of lines) {
    const res = await store.request('/v2/front/checkout/cart', {
      method: 'POST',
      ...json(
        { tipo: 'produto', itens: [{ idProduto: v.product, idAtributoSimples: v.id, quantidade }] },
        { Session: session },
      ),
    });
    cart = cartSchema.parse(await res.json());
  }
  cart ??= cartSchema.parse(
    await (await store.request('/v2/front/checkout/cart', { headers: { Session: session } })).json(),
  );
  return { session, customerId, cart, conferencia: await shownFingerprint(store, session, cart) };
}

/** What the checkout page would send back: the cart and the delivery options quoted for the buyer's CEP. */
export async function shownFingerprint(store: TestPlatform, session: string, cart: Cart, cep = '13035000') {
  if (cart.itens.length === 0) return cartFingerprint(cart);
  const res = await store.request('/v2/front/shipment/cart', {
    method: 'POST',
    ...json({ cep }, { Session: session }),
  });
  return cartFingerprint(cart, shippingSchema.parse(await res.json()).fretes);
}

export const chave = () => randomBytes(16).toString('hex');

/** POST an order body on a session. */
export const place = async (store: TestPlatform, session: string, body: Record<string, unknown>) =>
  store.request('/v2/front/checkout/order', { method: 'POST', ...json(body, { Session: session }) });

/** The buyer's cart placed as it was shown, with economy shipping, a fresh key, and Pix unless told. */
export const placeAs = async (
  store: TestPlatform,
  b: { session: string; conferencia: string },
  pagamento: PaymentMethod = 'pix',
) => place(store, b.session, { frete: 'economica', pagamento, conferencia: b.conferencia, chave: chave() });

/** A finish's stock now. */
export const variantStock = async (store: TestPlatform, variantId: number): Promise<number> =>
  (
    await store.database.db
      .select({ s: t.variants.stock })
      .from(t.variants)
      .where(eq(t.variants.id, variantId))
  )[0]?.s ?? 0;

/** The units a product has sold, which "Mais vendidos" sorts by. */
export const productSales = async (store: TestPlatform, productId: number): Promise<number> =>
  (
    await store.database.db
      .select({ s: t.products.sales })
      .from(t.products)
      .where(eq(t.products.id, productId))
  )[0]?.s ?? 0;

/** Set a finish's stock straight in the table (a test's starting point). */
export const setVariantStock = (store: TestPlatform, variantId: number, stock: number) =>
  store.database.db.update(t.variants).set({ stock }).where(eq(t.variants.id, variantId));

/** The team moves an order to `situacao` through the staff API (a shipment with the carrier and its code). */
export const moveOrder = (store: TestPlatform, numero: number, situacao: string) =>
  store.request(`/v2/admin/orders/${String(numero)}/status`, {
    method: 'PUT',
    ...json(
      {
        situacao,
        ...(situacao === 'enviado' ? { transportadora: 'Correios', rastreio: 'AA123456785BR' } : {}),
      },
      { Authorization: `Bearer ${ADMIN_TOKEN}` },
    ),
  });
