import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartSchema } from '#/contract/cart.ts';
import type { Cart } from '#/contract/cart.ts';
import { errorSchema } from '#/contract/common.ts';
import { couponAdminListSchema, couponAdminSchema } from '#/contract/coupon.ts';
import { formAnswerSchema } from '#/contract/forms.ts';
import { cartFingerprint, pedidoAnswerSchema } from '#/contract/order.ts';
import { shippingSchema } from '#/contract/shipping.ts';
import { CLIENT_HEADER } from '#/server/context.ts';
import * as t from '#/server/db/schema.ts';
import { changeStatus } from '#/server/orders/status.ts';
import type { NewCoupon } from '#/server/promotions/coupons.ts';
import { buyer, chave, json, place } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { ADMIN_TOKEN, newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** Coupons on the cart (`PUT/DELETE promotional/coupon/{code}`) and on the order, on both databases. */

let store: TestPlatform;
/** A variant in the Linha preta (preto fosco) and one outside it, both in stock. */
let black: Variant;
let chrome: Variant;

async function variantIn(finish: string): Promise<Variant> {
  const [row] = await store.database.db
    .select({ id: t.variants.id, product: t.variants.productId, price: t.variants.price })
    .from(t.variants)
    .where(and(eq(t.variants.finish, finish), gt(t.variants.stock, 50)))
    .orderBy(t.variants.price)
    .limit(1);
  if (!row) throw new Error(`no ${finish} variant in stock`);
  return row;
}

beforeAll(async () => {
  store = await startPlatform();
  [black, chrome] = await Promise.all([variantIn('preto-fosco'), variantIn('cromado')]);
});
afterAll(() => store.stop());

/** Each shopper of these tests on an address of their own (codes are rate limited per address). */
const addresses = new Map<string, string>();
const addressOf = (session: string) => {
  if (!addresses.has(session)) addresses.set(session, `198.51.100.${String(addresses.size + 1)}`);
  return addresses.get(session) ?? '';
};

const coupon = (code: string, session: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  store.request(`/v2/front/promotional/coupon/${encodeURIComponent(code)}`, {
    method,
    headers: { Session: session, [CLIENT_HEADER]: addressOf(session) },
  });

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status);
  return errorSchema.parse(await res.json());
}

async function cartOf(session: string): Promise<Cart> {
  return cartSchema.parse(
    await (await store.request('/v2/front/checkout/cart', { headers: { Session: session } })).json(),
  );
}

/** Units of `v` that come to at least `value` reais. */
const unitsFor = (v: Variant, value: number) => Math.max(1, Math.ceil(value / v.price));

async function addCoupon(row: NewCoupon) {
  await store.database.db.insert(t.coupons).values(row);
}

describe('putting a coupon on the cart', () => {
  test('an unknown code, a malformed one and an empty cart are refused in Portuguese', async () => {
    const session = newSession();
    const unknown = await refusal(await coupon('NAOEXISTE', session), 404);
    expect(unknown).toMatchObject({ error: 'coupon_unknown' });
    expect(unknown.mensagem).toContain('NAOEXISTE');
    expect((await refusal(await coupon('com espaço!', session), 400)).mensagem).toMatch(/letras, números/);
    expect((await refusal(await coupon('X'.repeat(41), session), 400)).mensagem).toMatch(/longo demais/);
    expect((await refusal(await coupon('FRETE10', session), 422)).mensagem).toBe(
      'Adicione produtos à sacola para usar o cupom.',
    );
    expect((await cartOf(session)).cupom).toBeUndefined();
  });

  test('BEMVINDO10 below R$ 199 says how much is missing and changes nothing; above it takes 10% off the products', async () => {
    const small = await buyer(store, [{ v: chrome, quantidade: 1 }]);
    const cheap = chrome.price < 199;
    if (cheap) {
      const below = await refusal(await coupon('BEMVINDO10', small.session), 422);
      const missing = (199 - chrome.price).toFixed(2).replace('.', ',');
      expect(below.mensagem).toContain(`faltam R$\u00a0${missing}`);
      expect((await cartOf(small.session)).cupom).toBeUndefined();
    }
    const b = await buyer(store, [{ v: chrome, quantidade: unitsFor(chrome, 199) }]);
    // Any case, spaces around: the code as a shopper types it.
    const res = await coupon('  bemvindo10 ', b.session);
    expect(res.status).toBe(200);
    const cart = cartSchema.parse(await res.json());
    const subtotal = cart.subtotal.valor;
    expect(cart.cupom).toMatchObject({ codigo: 'BEMVINDO10', aplicado: true, motivo: '', freteDesconto: 0 });
    expect(cart.cupom?.desconto).toBeCloseTo(subtotal * 0.1, 2);
    // The Pix discount applies on top, to what the coupon left.
    const afterCoupon = subtotal - (cart.cupom?.desconto ?? 0);
    expect(cart.subtotal.descontoVista.valor).toBeCloseTo(afterCoupon * 0.9, 1);
    expect((await cartOf(b.session)).cupom?.aplicado).toBe(true);
  });

  test('LINHAPRETA15 is refused for a cart outside the line, and takes 15% of the line only', async () => {
    const outside = await buyer(store, [{ v: chrome, quantidade: 1 }]);
    const refused = await refusal(await coupon('LINHAPRETA15', outside.session), 422);
    expect(refused).toMatchObject({ error: 'coupon_refused' });
    expect(refused.mensagem).toBe(
      'Nenhum produto da sua sacola participa deste cupom (15% em produtos da Linha preta).',
    );
    const mixed = await buyer(store, [
      { v: chrome, quantidade: 1 },
      { v: black, quantidade: 2 },
    ]);
    const cart = cartSchema.parse(await (await coupon('linhapreta15', mixed.session)).json());
    expect(cart.cupom?.desconto).toBeCloseTo(black.price * 2 * 0.15, 2);
  });

  test('FRETE10 takes 10% off every paid shipping option the cart is quoted', async () => {
    const b = await buyer(store, [{ v: chrome, quantidade: 1 }]);
    const quote = async () =>
      shippingSchema.parse(
        await (
          await store.request('/v2/front/shipment/cart', {
            method: 'POST',
            ...json({ cep: '69005-000' }, { Session: b.session }),
          })
        ).json(),
      );
    const before = await quote();
    const cart = cartSchema.parse(await (await coupon('FRETE10', b.session)).json());
    expect(cart.cupom).toMatchObject({ tipo: 'frete-percentual', freteDesconto: 10, desconto: 0 });
    const after = await quote();
    const paid = before.fretes.filter((f) => f.valor > 0);
    expect(paid.length).toBeGreaterThan(0);
    for (const frete of paid) {
      const discounted = after.fretes.find((f) => f.id === frete.id);
      expect(discounted?.valorSemCupom).toBe(frete.valor);
      expect(discounted?.valor).toBeCloseTo(frete.valor * 0.9, 2);
    }
  });

  test('a coupon not yet valid or expired says when, in Brasília time', async () => {
    await addCoupon({
      code: 'NATAL26',
      description: 'Natal',
      kind: 'produtos-percentual',
      value: 5,
      startsAt: new Date('2099-12-01T00:00:00-03:00'),
    });
    await addCoupon({
      code: 'VELHO',
      description: 'Antigo',
      kind: 'produtos-percentual',
      value: 5,
      endsAt: new Date('2020-01-31T23:59:00-03:00'),
    });
    const b = await buyer(store, [{ v: chrome, quantidade: 1 }]);
    expect((await refusal(await coupon('NATAL26', b.session), 422)).mensagem).toBe(
      'Este cupom vale a partir de 01/12/2099 às 00h00.',
    );
    expect((await refusal(await coupon('VELHO', b.session), 422)).mensagem).toBe(
      'Este cupom expirou em 31/01/2020 às 23h59.',
    );
  });

  test('a refused code leaves the coupon already on the cart; DELETE takes it off', async () => {
    const b = await buyer(store, [{ v: chrome, quantidade: 1 }]);
    expect((await coupon('FRETE10', b.session)).status).toBe(200);
    await refusal(await coupon('LINHAPRETA15', b.session), 422);
    expect((await cartOf(b.session)).cupom?.codigo).toBe('FRETE10');
    const res = await coupon('FRETE10', b.session, 'DELETE');
    expect(res.status).toBe(200);
    expect(cartSchema.parse(await res.json()).cupom).toBeUndefined();
  });

  test('a coupon that stops applying when the cart changes is reported with its reason, not applied', async () => {
    const units = unitsFor(chrome, 199);
    const b = await buyer(store, [{ v: chrome, quantidade: units + 1 }]);
    expect((await coupon('BEMVINDO10', b.session)).status).toBe(200);
    await store.request('/v2/front/checkout/cart', {
      method: 'PUT',
      ...json(
        { tipo: 'produto', idProduto: chrome.product, idAtributoSimples: chrome.id, quantidade: 1 },
        { Session: b.session },
      ),
    });
    const cart = await cartOf(b.session);
    if (chrome.price < 199) {
      expect(cart.cupom).toMatchObject({ codigo: 'BEMVINDO10', aplicado: false, desconto: 0 });
      expect(cart.cupom?.motivo).toMatch(/^Este cupom vale para compras a partir de R\$/);
      expect(cart.subtotal.descontoVista.valor).toBeCloseTo(cart.subtotal.valor * 0.9, 1);
    }
  });
});

test('guessing codes is rate limited per address: the 21st try in a minute is a 429', async () => {
  const session = newSession();
  const tries = await Promise.all(
    Array.from({ length: 21 }, async (_, i) => coupon(`CHUTE${String(i)}`, session)),
  );
  const statuses = tries.map((r) => r.status);
  expect(statuses.filter((s) => s === 404)).toHaveLength(20);
  expect(statuses.filter((s) => s === 429)).toHaveLength(1);
});

describe('coupons on orders', () => {
  /** A buyer with `units` of `v` and `code` on the cart, ready to place what the cart shows. */
  async function withCoupon(v: Variant, units: number, code: string) {
    const b = await buyer(store, [{ v, quantidade: units }]);
    const res = await coupon(code, b.session);
    expect(res.status).toBe(200);
    const cart = cartSchema.parse(await res.json());
    return { ...b, cart, conferencia: cartFingerprint(cart) };
  }
  const placeCart = (b: { session: string; conferencia: string }) =>
    place(store, b.session, {
      frete: 'economica',
      pagamento: 'pix',
      conferencia: b.conferencia,
      chave: chave(),
    });
  const used = async (code: string) =>
    (
      await store.database.db.select({ used: t.coupons.used }).from(t.coupons).where(eq(t.coupons.code, code))
    )[0]?.used;

  test('BEMVINDO10 on a first order: the order keeps it and its discount, the totals agree; a second order may not use it', async () => {
    const usedBefore = (await used('BEMVINDO10')) ?? 0;
    const b = await withCoupon(chrome, unitsFor(chrome, 199), 'BEMVINDO10');
    const res = await placeCart(b);
    expect(res.status).toBe(201);
    const { pedido } = pedidoAnswerSchema.parse(await res.json());
    const couponOff = b.cart.cupom?.desconto ?? 0;
    expect(pedido.valores.cupom).toEqual({ codigo: 'BEMVINDO10', desconto: couponOff });
    expect(pedido.valores.desconto).toBe(b.cart.subtotal.descontoVista.desconto);
    expect(pedido.valores.total).toBeCloseTo(
      pedido.valores.subtotal - couponOff - pedido.valores.desconto + pedido.valores.frete,
      2,
    );
    expect(await used('BEMVINDO10')).toBe(usedBefore + 1);
    // The cart is empty and carries no coupon any more.
    expect((await cartOf(b.session)).cupom).toBeUndefined();
    // The same customer again: not a first purchase.
    await store.request('/v2/front/checkout/cart', {
      method: 'POST',
      ...json(
        {
          tipo: 'produto',
          itens: [
            { idProduto: chrome.product, idAtributoSimples: chrome.id, quantidade: unitsFor(chrome, 199) },
          ],
        },
        { Session: b.session },
      ),
    });
    expect((await refusal(await coupon('BEMVINDO10', b.session), 422)).mensagem).toBe(
      'Este cupom é só para a primeira compra na loja.',
    );
    // Cancelling the unpaid order gives the use back.
    await changeStatus(store.database.db, pedido.numero, 'cancelled', { actor: 'token' });
    expect(await used('BEMVINDO10')).toBe(usedBefore);
  });

  test('FRETE10 on an order: the shipping costs 10% less and the order says what the coupon took', async () => {
    const b = await withCoupon(chrome, 1, 'FRETE10');
    const { pedido } = pedidoAnswerSchema.parse(await (await placeCart(b)).json());
    const { subtotal, desconto, cupom, frete, total } = pedido.valores;
    expect(frete).toBeGreaterThan(0);
    expect(cupom?.codigo).toBe('FRETE10');
    expect(cupom?.desconto).toBeCloseTo(frete * 0.1, 2);
    // The order's lines add up: products − coupon − cash discount + shipping.
    expect(total).toBeCloseTo(subtotal - (cupom?.desconto ?? 0) - desconto + frete, 2);
  });

  test('a coupon with one use left and many buyers at once makes exactly one order with it', async () => {
    await addCoupon({
      code: 'ULTIMO',
      description: 'Último uso',
      kind: 'produtos-percentual',
      value: 5,
      maxUses: 1,
    });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => withCoupon(chrome, 1, 'ULTIMO')));
    const answers = await Promise.all(buyers.map((b) => placeCart(b)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    // Told why: the coupon's use went to someone else (judged when the cart was read, or when it was taken).
    for (const answer of answers.filter((r) => r.status === 409)) {
      const { error, mensagem } = errorSchema.parse(await answer.json());
      expect(['coupon_refused', 'coupon_exhausted']).toContain(error);
      expect(mensagem).toMatch(/^O cupom ULTIMO .*esgotou/);
    }
    expect(await used('ULTIMO')).toBe(1);
  });
});

describe('staff manage coupons (`/v2/admin/coupons`)', () => {
  const staff = (path: string, method: string, body?: unknown, token = ADMIN_TOKEN) =>
    store.request(`/v2/admin/coupons${path}`, {
      method,
      ...(body === undefined
        ? { headers: { Authorization: `Bearer ${token}` } }
        : json(body, { Authorization: `Bearer ${token}` })),
    });

  test('without the team token there is no way in', async () => {
    expect((await staff('', 'GET', undefined, 'token-errado-mas-comprido-o-bastante')).status).toBe(401);
  });

  test('the list searches code and description, filters by where each stands now, and pages', async () => {
    const list = async (query: string) =>
      couponAdminListSchema.parse(await (await staff(query, 'GET')).json());
    const all = await list('');
    expect(all.total).toBe(all.cupons.length);
    expect(all).toMatchObject({ pagina: 1, paginas: 1 });
    const found = await list('?q=bemvindo');
    expect(found.cupons.map((c) => c.codigo)).toEqual(['BEMVINDO10']);
    const one = await list('?codigo=bemvindo10');
    expect(one.cupons.map((c) => c.codigo)).toEqual(['BEMVINDO10']);
    const on = await list('?situacao=vigente');
    expect(on.cupons.every((c) => c.ativo)).toBe(true);
    expect(on.total).toBeLessThanOrEqual(all.total);
    expect((await list('?pagina=2')).cupons).toEqual([]);
    for (const bad of ['?situacao=ligado', '?pagina=0', `?q=${'x'.repeat(200)}`])
      expect((await staff(bad, 'GET')).status, bad).toBe(400);
  });

  test('create, use, change and switch off a coupon; bad fields are refused in Portuguese', async () => {
    const bad = await refusal(
      await staff('', 'POST', { codigo: 'MEIO', descricao: 'Meio', tipo: 'produtos-percentual', valor: 150 }),
      400,
    );
    expect(bad.mensagem).toBe('Um percentual vai de 0,01 a 100.');
    // Every wrong field is said at once, each under its own name (the panel shows them under the fields).
    const several = await staff('', 'POST', {
      codigo: 'com espaço!',
      descricao: '',
      tipo: 'produtos-percentual',
      valor: 150,
      restricao: { marcas: [0] },
    });
    expect(several.status).toBe(400);
    const { erros } = (await several.json()) as { erros: Record<string, string> };
    expect(Object.keys(erros).sort()).toEqual(['codigo', 'descricao', 'marcas', 'valor']);
    const created = await staff('', 'POST', {
      codigo: 'equipe20',
      descricao: 'R$ 20 de desconto',
      tipo: 'produtos-valor',
      valor: 20,
      fim: '2099-01-31T23:59:59-03:00',
    });
    expect(created.status).toBe(201);
    expect(couponAdminSchema.parse(((await created.json()) as { cupom: unknown }).cupom)).toMatchObject({
      codigo: 'EQUIPE20',
      valor: 20,
      usados: 0,
      ativo: true,
      fim: '2099-02-01T02:59:59.000Z',
    });
    expect(
      (
        await refusal(
          await staff('', 'POST', { codigo: 'EQUIPE20', descricao: 'x', tipo: 'frete-gratis' }),
          409,
        )
      ).error,
    ).toBe('coupon_taken');
    const b = await buyer(store, [{ v: chrome, quantidade: 1 }]);
    const cart = cartSchema.parse(await (await coupon('EQUIPE20', b.session)).json());
    expect(cart.cupom?.desconto).toBe(Math.min(20, cart.subtotal.valor));
    // Switched off: the cart says so and takes nothing off.
    expect((await staff('/EQUIPE20', 'PUT', { ativo: false })).status).toBe(200);
    expect((await cartOf(b.session)).cupom).toMatchObject({
      aplicado: false,
      motivo: 'Este cupom não está mais ativo.',
    });
    // A change that would break it is refused, and changes nothing.
    expect(
      (await refusal(await staff('/EQUIPE20', 'PUT', { tipo: 'produtos-percentual', valor: 200 }), 400))
        .mensagem,
    ).toBe('Um percentual vai de 0,01 a 100.');
    expect((await refusal(await staff('/NAOHA', 'PUT', { ativo: true }), 404)).mensagem).toBe(
      'Não há cupom NAOHA.',
    );
    const list = (await (await staff('', 'GET')).json()) as { cupons: unknown[] };
    const codes = list.cupons.map((c) => couponAdminSchema.parse(c).codigo);
    expect(codes).toEqual(expect.arrayContaining(['BEMVINDO10', 'FRETE10', 'LINHAPRETA15', 'EQUIPE20']));
  });

  test('a restriction names brands, categories a product is in, finishes and products that exist; the list offers them', async () => {
    const { opcoes } = couponAdminListSchema.parse(await (await staff('', 'GET')).json());
    expect(opcoes.acabamentos.map((a) => a.slug)).toContain('preto-fosco');
    const [categories] = await Promise.all([store.database.db.select().from(t.categories)]);
    const parent = categories.find((c) => categories.some((d) => d.parentId === c.id));
    const leaf = opcoes.categorias[0];
    const brand = opcoes.marcas[0];
    const base = { descricao: 'Restrito', tipo: 'produtos-percentual', valor: 5 };
    for (const [restricao, mensagem] of [
      [
        { categorias: [parent?.id] },
        `A categoria ${String(parent?.id)} não existe ou tem subcategorias: escolha categorias finais.`,
      ],
      [{ marcas: [999_999] }, 'A marca 999999 não existe.'],
      [{ acabamentos: ['ouro-rosa'] }, 'O acabamento ouro-rosa não existe.'],
      [{ produtos: [999_999] }, 'O produto 999999 não existe.'],
    ] as const) {
      const refused = await refusal(await staff('', 'POST', { ...base, codigo: 'RESTRITO', restricao }), 400);
      expect(refused.mensagem).toBe(mensagem);
    }
    expect(parent && !opcoes.categorias.some((c) => c.id === parent.id)).toBe(true);
    const made = await staff('', 'POST', {
      ...base,
      codigo: 'RESTRITO',
      restricao: { categorias: [leaf?.id], marcas: [brand?.id], acabamentos: ['cromado'] },
    });
    expect(made.status).toBe(201);
    const changed = await staff('/RESTRITO', 'PUT', { restricao: { marcas: [999_999] } });
    expect((await refusal(changed, 400)).mensagem).toBe('A marca 999999 não existe.');
  });
});

test('a newsletter sign-up asking for the coupon (`cupom: true`) gets the welcome code, a first-purchase coupon', async () => {
  const res = await store.request('/v2/front/newsletter', {
    method: 'POST',
    ...json({ email: 'boas-vindas@exemplo.com.br', cupom: true }, { [CLIENT_HEADER]: '198.51.100.200' }),
  });
  const answer = formAnswerSchema.parse(await res.json());
  expect(answer).toMatchObject({ sucesso: true, cupom: 'BEMVINDO10' });
  expect(answer.mensagem).toContain('Use o cupom BEMVINDO10 na sua primeira compra.');
  const [welcome] = await store.database.db.select().from(t.coupons).where(eq(t.coupons.code, 'BEMVINDO10'));
  expect(welcome).toMatchObject({ firstPurchase: true, active: true });
  // Without asking, no code.
  const plain = await store.request('/v2/front/newsletter', {
    method: 'POST',
    ...json({ email: 'sem-cupom@exemplo.com.br' }, { [CLIENT_HEADER]: '198.51.100.201' }),
  });
  expect(formAnswerSchema.parse(await plain.json()).cupom).toBeUndefined();
});
