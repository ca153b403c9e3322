import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cartSchema } from '#/contract/cart.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { CLIENT_HEADER } from '#/server/context.ts';
import * as t from '#/server/db/schema.ts';
import { invoiceDraft } from '#/server/invoices/draft.ts';
import { focusNfeRequest } from '#/server/invoices/focusnfe/client.ts';
import { tableRulesOf } from '../../../support/fake-focusnfe.ts';
import { buyer, moveOrder, placeAs, shownFingerprint } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * The NF-e the store would send for an order, against the SEFAZ's published tables (the fake's
 * `tableRulesOf`): the freight the buyer was charged, the CFOP by destination and the buyer's ICMS
 * status, and the regimes whose ICMS the store cannot declare.
 */

let store: TestPlatform;
let cheap: Variant;

beforeAll(async () => {
  store = await startPlatform(20);
  const [row] = await store.database.db
    .select({ id: t.variants.id, product: t.variants.productId, price: t.variants.price })
    .from(t.variants)
    .where(gt(t.variants.stock, 0))
    .orderBy(asc(t.variants.price))
    .limit(1);
  if (!row) throw new Error('no variant');
  cheap = row;
  await store.database.db
    .update(t.variants)
    .set({ stock: 100, ncm: '84818019' })
    .where(eq(t.variants.id, cheap.id));
  await store.database.db.execute(
    sql`UPDATE settings SET value = jsonb_set(value, '{dadosSite,inscricaoEstadual}', to_jsonb('123456789110'::text)) WHERE key = 'configuracoes'`,
  );
});
afterAll(() => store.stop());

async function setRegime(regime: string) {
  await store.database.db
    .insert(t.settings)
    .values({ key: 'equipe', value: { regime } })
    .onConflictDoUpdate({
      target: t.settings.key,
      set: { value: sql`${t.settings.value} || ${JSON.stringify({ regime })}::jsonb` },
    });
}

/** A paid order of one cheap item, with `coupon` on the cart when given. */
async function paidOrder(coupon?: string) {
  const b = await buyer(store, [{ v: cheap, quantidade: 1 }]);
  let conferencia = b.conferencia;
  if (coupon) {
    const res = await store.request(`/v2/front/promotional/coupon/${coupon}`, {
      method: 'PUT',
      headers: { Session: b.session, [CLIENT_HEADER]: '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    conferencia = await shownFingerprint(store, b.session, cartSchema.parse(await res.json()));
  }
  const { pedido } = pedidoAnswerSchema.parse(
    await (await placeAs(store, { session: b.session, conferencia })).json(),
  );
  expect((await moveOrder(store, pedido.numero, 'pago')).status).toBe(200);
  return { numero: pedido.numero, customerId: b.customerId };
}

async function draftOf(numero: number) {
  const made = await invoiceDraft(store.database.db, numero, new Date('2026-11-27T13:00:00Z'));
  if (!made || !('draft' in made)) throw new Error(`no draft: ${JSON.stringify(made)}`);
  return made.draft;
}

test('a free-shipping coupon lowers the freight declared, never becomes a discount above the goods (483)', async () => {
  await store.database.db
    .insert(t.coupons)
    .values({ code: 'FRETEZERO', description: 'Frete grátis', kind: 'frete-gratis', value: 0 });
  const { numero } = await paidOrder('FRETEZERO');
  const [order] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, numero));
  expect(order?.shippingPrice, 'the shipping quoted before the coupon').toBeGreaterThan(0);
  const draft = await draftOf(numero);
  expect(draft.freight).toBe(0);
  expect(draft.total).toBe(order?.total);
  for (const item of draft.items) expect(item.discount).toBeLessThanOrEqual(item.gross);
  // Only the cash discount of Pix is a discount on the goods.
  expect(draft.discount).toBe(order?.discount);
  expect(tableRulesOf(focusNfeRequest(draft))).toEqual([]);
});

test('CFOP: 5102 within the state, 6108 interstate to a non-contributor, 6102 interstate to a contributor', async () => {
  const { numero, customerId } = await paidOrder();
  expect((await draftOf(numero)).items.map((i) => i.cfop)).toEqual(['5102']);

  await store.database.db
    .update(t.orders)
    .set({
      address: sql`${t.orders.address} || '{"uf":"RJ","cidade":"Rio de Janeiro","cep":"20040020"}'::jsonb`,
    })
    .where(eq(t.orders.number, numero));
  const person = await draftOf(numero);
  expect(person.buyer.ieIndicator).toBe(9);
  expect(person.items.map((i) => i.cfop)).toEqual(['6108']);
  expect(tableRulesOf(focusNfeRequest(person))).toEqual([]);

  await store.database.db
    .update(t.customers)
    .set({ document: '11222333000181', stateRegistration: '12345678' })
    .where(eq(t.customers.id, customerId));
  const company = await draftOf(numero);
  expect(company.buyer.ieIndicator).toBe(1);
  expect(company.items.map((i) => i.cfop)).toEqual(['6102']);
  expect(tableRulesOf(focusNfeRequest(company))).toEqual([]);
});

test('the published rules refuse what the store used to send: 6102 to a non-contributor, CSOSN outside CRT 1 and 4, vDesc > vProd', async () => {
  const { numero } = await paidOrder();
  await store.database.db
    .update(t.orders)
    .set({
      address: sql`${t.orders.address} || '{"uf":"MG","cidade":"Belo Horizonte","cep":"30130010"}'::jsonb`,
    })
    .where(eq(t.orders.number, numero));
  const request = focusNfeRequest(await draftOf(numero));
  const item = request.items[0];
  if (!item) throw new Error('no item');
  expect(tableRulesOf({ ...request, items: [{ ...item, cfop: '6102' }] })).toEqual([
    'item 1: CFOP 6102 interestadual para não contribuinte (a tabela pede 6107/6108)',
  ]);
  expect(tableRulesOf({ ...request, regime_tributario_emitente: 2 })).toEqual([
    'item 1: CSOSN com regime_tributario_emitente 2 (rejeição 591)',
  ]);
  expect(tableRulesOf({ ...request, regime_tributario_emitente: 4 })).toEqual([]);
  expect(tableRulesOf({ ...request, items: [{ ...item, valor_desconto: item.valor_bruto + 0.01 }] })).toEqual(
    ['item 1: valor_desconto maior que valor_bruto (rejeição 483)'],
  );
});

test('CRT 2 and 3 are refused with what to do, like the regime normal; 1 and 4 are issued', async () => {
  const { numero } = await paidOrder();
  for (const regime of ['2', '3']) {
    await setRegime(regime);
    const made = await invoiceDraft(store.database.db, numero);
    expect(made && 'missing' in made ? made.missing.join(' ') : '', `CRT ${regime}`).toMatch(
      /Emita no seu ERP e anexe o XML autorizado ao pedido/,
    );
  }
  for (const regime of ['1', '4']) {
    await setRegime(regime);
    expect(tableRulesOf(focusNfeRequest(await draftOf(numero))), `CRT ${regime}`).toEqual([]);
  }
});
