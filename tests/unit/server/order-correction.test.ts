import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { correctionDoneSchema, correctionQuoteSchema } from '#/contract/order-correction.ts';
import { staffOrderAnswerSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { buyer, moveOrder, pickVariants, placeAs, setVariantStock, variantStock } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { ADMIN_TOKEN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** Correcting an order before it is shipped: the address and delivery re-quoted, and before payment its lines. */

let store: TestPlatform;
let team: { token: string };
let catalogue: { token: string };
let variants: Variant[] = [];
beforeAll(async () => {
  store = await startPlatform(10);
  team = await member('correcao@pedidos.test', 'pedidos');
  catalogue = await member('correcao@catalogo.test', 'catalogo');
  variants = await pickVariants(store, 3);
  for (const v of variants) await setVariantStock(store, v.id, 20);
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const rio = {
  cep: '20040-002',
  logradouro: 'Rua da Assembleia',
  numero: '10',
  complemento: 'sala 501',
  bairro: 'Centro',
  cidade: 'Rio de Janeiro',
  uf: 'RJ',
};

/** Where the test buyers live (buyers.ts). */
const campinas = {
  cep: '13035-000',
  logradouro: 'Rua das Flores',
  numero: '120',
  complemento: '',
  bairro: 'Centro',
  cidade: 'Campinas',
  uf: 'SP',
};

/** A Pix order of one unit of the first variant, by a buyer in Campinas. */
async function order(): Promise<number> {
  const [v] = variants;
  if (!v) throw new Error('no variant');
  const b = await buyer(store, [{ v, quantidade: 1 }]);
  const res = await placeAs(store, b);
  return pedidoAnswerSchema.parse(await res.json()).pedido.numero;
}

const skuOf = async (variantId: number) =>
  (
    await store.database.db
      .select({ sku: t.variants.sku })
      .from(t.variants)
      .where(eq(t.variants.id, variantId))
  )[0]?.sku ?? '';
const quote = (numero: number, body: unknown, token = team.token) =>
  admin(`/orders/${String(numero)}/correction/quote`, { method: 'POST', body, headers: as(token) });
const correct = (numero: number, body: unknown, token = team.token) =>
  admin(`/orders/${String(numero)}/correction`, { method: 'POST', body, headers: as(token) });
const staffOrder = async (numero: number) =>
  staffOrderAnswerSchema.parse(
    await (await admin(`/orders/${String(numero)}`, { headers: as(team.token) })).json(),
  ).pedido;

/** Quote, choose an option by id (the first when not given) and apply. */
async function quoteAndCorrect(numero: number, body: Record<string, unknown>, frete?: string) {
  const res = await quote(numero, body);
  expect(res.status, await res.clone().text()).toBe(200);
  const q = correctionQuoteSchema.parse(await res.json());
  const chosen = frete ?? q.fretes[0]?.id ?? '';
  const again = correctionQuoteSchema.parse(await (await quote(numero, { ...body, frete: chosen })).json());
  const done = await correct(numero, { ...body, frete: chosen, conferencia: q.conferencia });
  return { q, again, done };
}

describe('an order waiting for its Pix', () => {
  test('a new address in another state is re-quoted, its total and Pix code change, and the buyer is told', async () => {
    const numero = await order();
    const before = await staffOrder(numero);
    const { again, done } = await quoteAndCorrect(
      numero,
      { de: 'aguardando_pagamento', endereco: rio },
      'expressa',
    );
    expect(again.mantemTotal).toBe(false);
    expect(again.novo?.diferenca).toBe(
      Math.round(((again.novo?.valorFrete ?? 0) - before.valores.frete) * 100) / 100,
    );
    expect(done.status, await done.clone().text()).toBe(200);
    expect(correctionDoneSchema.parse(await done.json()).mudou[0]).toContain('Rua da Assembleia, 10');
    const after = await staffOrder(numero);
    expect(after.entrega.endereco.join(' ')).toContain('Rio de Janeiro');
    expect(after.valores.total).toBe(again.novo?.total);
    expect(after.pagamento.copiaECola).not.toBe(before.pagamento.copiaECola);
    expect(after.linhaDoTempo.at(-1)?.texto).toMatch(/^Pedido corrigido: endereço de entrega/);
    expect(after.linhaDoTempo.at(-1)?.autor).toBe('Pessoa pedidos');
    const told = store.mail.filter((m) => m.subject === `Pedido ${String(numero)} corrigido`);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(after.pagamento.copiaECola);
    const activity = activityListSchema.parse(
      await (
        await admin(`/activity?entidade=pedido&id=${String(numero)}`, {
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).json(),
    );
    expect(activity.atividades.map((a) => a.acaoNome)).toContain('Pedido corrigido');
  });

  test('its lines change before payment: stock moves line by line and the total follows', async () => {
    const numero = await order();
    const [a, b] = variants;
    if (!a || !b) throw new Error('no variants');
    const [stockA, stockB] = [await variantStock(store, a.id), await variantStock(store, b.id)];
    const body = {
      de: 'aguardando_pagamento',
      endereco: campinas,
      itens: [
        { sku: await skuOf(a.id), quantidade: 3 },
        { sku: (await skuOf(b.id)).toLowerCase(), quantidade: 1 },
      ],
    };
    const { again, done } = await quoteAndCorrect(numero, body, 'economica');
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await variantStock(store, a.id)).toBe(stockA - 2);
    expect(await variantStock(store, b.id)).toBe(stockB - 1);
    const after = await staffOrder(numero);
    expect(after.itens.map((i) => i.quantidade)).toEqual([3, 1]);
    expect(after.valores.total).toBe(again.novo?.total);
    expect(after.valores.subtotal).toBe(Math.round((a.price * 3 + b.price) * 100) / 100);
    // Back to one unit of the first: the rest returns to the shelf.
    const back = await quoteAndCorrect(
      numero,
      { ...body, itens: [{ sku: await skuOf(a.id), quantidade: 1 }] },
      'economica',
    );
    expect(back.done.status).toBe(200);
    expect(await variantStock(store, a.id)).toBe(stockA);
    expect(await variantStock(store, b.id)).toBe(stockB);
  });
});

describe('a paid order', () => {
  test('keeps what was paid: the address changes, the difference is shown, its lines cannot change', async () => {
    const numero = await order();
    expect((await moveOrder(store, numero, 'pago')).status).toBe(200);
    const before = await staffOrder(numero);
    const { again, done } = await quoteAndCorrect(numero, { de: 'pago', endereco: rio });
    expect(again.mantemTotal).toBe(true);
    expect(again.aviso).toContain('combine a diferença');
    expect(done.status).toBe(200);
    expect((await staffOrder(numero)).valores.total).toBe(before.valores.total);
    const lines = await quote(numero, {
      de: 'pago',
      endereco: rio,
      itens: [{ sku: await skuOf(variants[0]?.id ?? 0), quantidade: 2 }],
    });
    expect(lines.status).toBe(409);
    expect(((await lines.json()) as { mensagem: string }).mensagem).toContain('só mudam antes do pagamento');
  });
});

describe('what changes nothing', () => {
  test('a stale page, a changed quote, a shipped order, nonsense, the wrong role, or no change at all', async () => {
    const numero = await order();
    const stockBefore = await variantStock(store, variants[0]?.id ?? 0);
    expect((await quote(numero, { de: 'pago', endereco: rio })).status).toBe(409);
    const q = correctionQuoteSchema.parse(
      await (await quote(numero, { de: 'aguardando_pagamento', endereco: rio })).json(),
    );
    const stale = await correct(numero, {
      de: 'aguardando_pagamento',
      endereco: rio,
      frete: q.fretes[0]?.id,
      conferencia: 'outra',
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { mensagem: string }).mensagem).toContain('calcule a correção de novo');
    for (const body of [
      {},
      null,
      'x',
      { de: 'aguardando_pagamento' },
      { de: 'aguardando_pagamento', endereco: { ...rio, uf: 'XX' } },
    ])
      expect((await quote(numero, body)).status, JSON.stringify(body)).toBe(400);
    expect((await quote(numero, { de: 'aguardando_pagamento', endereco: rio }, catalogue.token)).status).toBe(
      403,
    );
    expect((await quote(999_999, { de: 'aguardando_pagamento', endereco: rio })).status).toBe(404);
    const unknownSku = await quote(numero, {
      de: 'aguardando_pagamento',
      endereco: rio,
      itens: [{ sku: 'NAO-HA', quantidade: 1 }],
    });
    expect(unknownSku.status).toBe(400);
    expect((await staffOrder(numero)).entrega.endereco.join(' ')).toContain('Campinas');
    const same = await quoteAndCorrect(
      numero,
      { de: 'aguardando_pagamento', endereco: campinas },
      'economica',
    );
    expect(same.done.status).toBe(400);
    expect(((await same.done.json()) as { mensagem: string }).mensagem).toContain('Nada a corrigir');
    expect(await variantStock(store, variants[0]?.id ?? 0)).toBe(stockBefore);
    expect(store.mail.filter((m) => m.subject === `Pedido ${String(numero)} corrigido`)).toEqual([]);

    expect((await moveOrder(store, numero, 'pago')).status).toBe(200);
    expect((await moveOrder(store, numero, 'enviado')).status).toBe(200);
    const shipped = await quote(numero, { de: 'enviado', endereco: rio });
    expect(shipped.status).toBe(409);
    expect(((await shipped.json()) as { mensagem: string }).mensagem).toContain('já foi enviado');
  });
});
