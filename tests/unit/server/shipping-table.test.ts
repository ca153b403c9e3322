import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shippingSchema } from '#/contract/shipping.ts';
import { shippingTableAnswerSchema } from '#/contract/shipping-table.ts';
import type { ShippingTable } from '#/contract/shipping-table.ts';
import { DEFAULT_SHIPPING_TABLE } from '#/server/config/shipping-table.ts';
import * as t from '#/server/db/schema.ts';
import { json } from './buyers.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The owner's shipping table: quotes follow it by region, items and weight; refusals change nothing. */

let store: TestPlatform;
let owner: { token: string };
let content: { token: string };
let product: { id: number; variant: number; price: number };
beforeAll(async () => {
  store = await startPlatform(10);
  owner = await member('dona@frete.test', 'dono');
  content = await member('conteudo@frete.test', 'conteudo');
  const [row] = await store.database.db
    .select({ id: t.variants.productId, variant: t.variants.id, price: t.variants.price })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(eq(t.products.active, true))
    .orderBy(t.variants.price)
    .limit(1);
  if (!row) throw new Error('no product');
  product = row;
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const send = (method: string, body?: unknown, token = owner.token) =>
  admin('/shipping-table', { method, body, headers: as(token) });
/** "Econômica" for `quantidade` of the cheapest product to a CEP. */
const economy = async (cep: string, quantidade = 1) => {
  const res = await store.request('/v2/front/shipment/product', {
    method: 'POST',
    ...json(
      { cep, idProduto: product.id, idAtributoValor: product.variant, quantidade },
      { Session: newSession() },
    ),
  });
  expect(res.status).toBe(200);
  return shippingSchema.parse(await res.json()).fretes.find((f) => f.id === 'economica');
};
const table = (changes: Partial<ShippingTable['regioes']>): ShippingTable => ({
  regioes: { ...DEFAULT_SHIPPING_TABLE, ...changes },
});

describe('the shipping table', () => {
  test('only owners see or change it', async () => {
    expect(shippingTableAnswerSchema.parse(await (await send('GET')).json()).regioes).toEqual(
      DEFAULT_SHIPPING_TABLE,
    );
    expect((await send('GET', undefined, content.token)).status).toBe(403);
    expect((await admin('/shipping-table')).status).toBe(401);
  });

  test('a region’s prices, days and weight make its quotes; other regions keep theirs', async () => {
    const before = { sp: await economy('13035-000'), ba: await economy('40010-000') };
    expect(before.ba?.valor).toBe(42.9);
    const res = await send(
      'PUT',
      table({
        NE: {
          primeiroItem: 30,
          itemAdicional: 5,
          kgIncluidos: 1,
          porKgAdicional: 2.5,
          dias: 7,
          gratisAPartirDe: 100_000,
        },
      }),
    );
    expect(res.status).toBe(200);
    const answer = shippingTableAnswerSchema.parse(await res.json());
    expect(answer.historico[0]).toMatchObject({ acao: 'configuracao.frete', idEntidade: 'frete' });
    expect(answer.historico[0]?.mudancas.map((m) => m.campo)).toEqual(['Nordeste']);
    // A finish without its weight filled in: the items only.
    await store.database.db
      .update(t.variants)
      .set({ weightGrams: null })
      .where(eq(t.variants.id, product.variant));
    expect((await economy('40010-000'))?.valor).toBe(30);
    expect((await economy('40010-000', 3))?.valor).toBe(40);
    expect((await economy('13035-000'))?.valor).toBe(before.sp?.valor);
    // 1.2 kg a unit: 3 units are 3.6 kg, 3 kg over the one included (rounded up) at R$ 2,50.
    await store.database.db
      .update(t.variants)
      .set({ weightGrams: 1200 })
      .where(eq(t.variants.id, product.variant));
    expect((await economy('40010-000', 3))?.valor).toBe(47.5);
    expect((await economy('40010-000'))?.prazo).toBe('até 6 dias úteis');
  });

  test('free shipping from the region’s own value', async () => {
    await send('PUT', table({ CO: { ...DEFAULT_SHIPPING_TABLE.CO, gratisAPartirDe: product.price } }));
    const free = await economy('70040-010');
    expect(free).toMatchObject({ valor: 0, label: 'Econômica – Frete Grátis' });
  });

  test('a bad cell is refused under its region and field, and nothing changes', async () => {
    const before = shippingTableAnswerSchema.parse(await (await send('GET')).json()).regioes;
    const res = await send('PUT', {
      regioes: {
        ...DEFAULT_SHIPPING_TABLE,
        SE: { ...DEFAULT_SHIPPING_TABLE.SE, primeiroItem: -1, dias: 0 },
        N: { ...DEFAULT_SHIPPING_TABLE.N, gratisAPartirDe: 'muito' },
      },
    });
    expect(res.status).toBe(400);
    const { erros } = (await res.json()) as { erros: Record<string, string> };
    expect(Object.keys(erros).sort()).toEqual([
      'regioes.N.gratisAPartirDe',
      'regioes.SE.dias',
      'regioes.SE.primeiroItem',
    ]);
    expect((await send('PUT', { regioes: { SE: DEFAULT_SHIPPING_TABLE.SE } })).status).toBe(400);
    expect(shippingTableAnswerSchema.parse(await (await send('GET')).json()).regioes).toEqual(before);
  });
});
