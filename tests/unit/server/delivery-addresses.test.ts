import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { enderecoAnswerSchema, enderecosAnswerSchema, MAX_ADDRESSES } from '#/contract/account.ts';
import { cartSchema } from '#/contract/cart.ts';
import { errorSchema } from '#/contract/common.ts';
import { cartFingerprint, pedidoAnswerSchema } from '#/contract/order.ts';
import { shippingSchema } from '#/contract/shipping.ts';
import * as t from '#/server/db/schema.ts';
import { buyer as buyerOf, chave, json, pickVariants, place } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
let variant: Variant;

beforeAll(async () => {
  store = await startPlatform();
  [variant] = (await pickVariants(store, 1)) as [Variant];
});
afterAll(() => store.stop());

const PORTO_ALEGRE = {
  destinatario: 'Carlos Recebedor',
  cep: '90010-000',
  logradouro: 'Rua dos Andradas',
  numero: '1001',
  complemento: 'sala 3',
  bairro: 'Centro Histórico',
  cidade: 'Porto Alegre',
  uf: 'RS',
};

const add = (session: string, body: unknown) =>
  store.request('/v2/front/checkout/addresses', { method: 'POST', ...json(body, { Session: session }) });
const list = async (session: string) =>
  enderecosAnswerSchema.parse(
    await (await store.request('/v2/front/checkout/addresses', { headers: { Session: session } })).json(),
  ).enderecos;
const remove = (session: string, id: string) =>
  store.request(`/v2/front/checkout/addresses/${id}`, { method: 'DELETE', headers: { Session: session } });
const stockOf = async (id: number) =>
  (await store.database.db.select({ s: t.variants.stock }).from(t.variants).where(eq(t.variants.id, id)))[0]
    ?.s;

describe('delivery addresses', () => {
  test('a guest is asked to log in; a customer sees the account address first (id 0)', async () => {
    expect(
      (await store.request('/v2/front/checkout/addresses', { headers: { Session: newSession() } })).status,
    ).toBe(401);
    expect((await add(newSession(), PORTO_ALEGRE)).status).toBe(401);
    const b = await buyerOf(store, []);
    const [account, ...others] = await list(b.session);
    expect(account).toMatchObject({
      id: 0,
      cep: '13035000',
      logradouro: 'Rua das Flores',
      cidade: 'Campinas',
    });
    expect(others).toEqual([]);
  });

  test('a new address is kept with its CEP digits; sent again it is the same one; bad fields change nothing', async () => {
    const b = await buyerOf(store, []);
    const res = await add(b.session, PORTO_ALEGRE);
    expect(res.status).toBe(201);
    const { endereco } = enderecoAnswerSchema.parse(await res.json());
    expect(endereco).toMatchObject({ ...PORTO_ALEGRE, cep: '90010000' });
    expect(endereco.id).toBeGreaterThan(0);
    // A double click or a replayed form: the same address, not a second copy.
    const again = enderecoAnswerSchema.parse(await (await add(b.session, PORTO_ALEGRE)).json());
    expect(again.endereco.id).toBe(endereco.id);
    for (const bad of [
      { ...PORTO_ALEGRE, cep: '123' },
      { ...PORTO_ALEGRE, numero: '' },
      { ...PORTO_ALEGRE, uf: 'XX' },
      { ...PORTO_ALEGRE, destinatario: 'x'.repeat(121) },
      { ...PORTO_ALEGRE, logradouro: ['Rua'] },
      'não é um endereço',
    ]) {
      const refused = await add(b.session, bad);
      expect(refused.status).toBe(400);
      expect(errorSchema.parse(await refused.json()).mensagem).toMatch(/\S/);
    }
    expect((await list(b.session)).map((e) => e.id)).toEqual([0, endereco.id]);
  });

  test(`at most ${String(MAX_ADDRESSES)} added addresses, even when they arrive at once`, async () => {
    const b = await buyerOf(store, []);
    const answers = await Promise.all(
      Array.from({ length: MAX_ADDRESSES + 3 }, async (_, i) =>
        add(b.session, { ...PORTO_ALEGRE, numero: String(i + 1) }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ADDRESSES);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const full = answers.find((r) => r.status === 409);
    expect(errorSchema.parse(await full?.json()).error).toBe('addresses_full');
    expect(await list(b.session)).toHaveLength(MAX_ADDRESSES + 1);
  });

  test('an address is removed by its customer only; the account address and bad ids are 404', async () => {
    const owner = await buyerOf(store, []);
    const { endereco } = enderecoAnswerSchema.parse(await (await add(owner.session, PORTO_ALEGRE)).json());
    const stranger = await buyerOf(store, []);
    expect((await remove(stranger.session, String(endereco.id))).status).toBe(404);
    for (const bad of ['0', 'abc', '-1', '1e3', '99999999999', '%00'])
      expect((await remove(owner.session, bad)).status).toBe(404);
    expect(await list(owner.session)).toHaveLength(2);
    expect((await remove(owner.session, String(endereco.id))).status).toBe(200);
    expect((await remove(owner.session, String(endereco.id))).status).toBe(404);
    expect(await list(owner.session)).toHaveLength(1);
  });
});

describe('an order delivered to an added address', () => {
  test('goes to that address, with that CEP’s shipping and the recipient’s name', async () => {
    const b = await buyerOf(store, [{ v: variant, quantidade: 1 }]);
    const { endereco } = enderecoAnswerSchema.parse(await (await add(b.session, PORTO_ALEGRE)).json());
    const quoted = shippingSchema.parse(
      await (
        await store.request('/v2/front/shipment/cart', {
          method: 'POST',
          ...json({ cep: '90010000' }, { Session: b.session }),
        })
      ).json(),
    );
    const economy = quoted.fretes.find((f) => f.id === 'economica');
    const res = await place(store, b.session, {
      frete: 'economica',
      pagamento: 'pix',
      // What the page showed for that address: its CEP's delivery prices.
      conferencia: cartFingerprint(b.cart, quoted.fretes),
      chave: chave(),
      endereco: endereco.id,
    });
    expect(res.status).toBe(201);
    const { pedido } = pedidoAnswerSchema.parse(await res.json());
    expect(pedido.entrega.endereco).toEqual([
      'Carlos Recebedor',
      'Rua dos Andradas, 1001 – sala 3',
      'Centro Histórico – Porto Alegre/RS',
      'CEP 90010-000',
    ]);
    expect(pedido.valores.frete).toBe(economy?.valor);
    // Removing the address later leaves the order as it was placed.
    await remove(b.session, String(endereco.id));
    const again = await store.request(`/v2/front/checkout/order/${String(pedido.numero)}`, {
      headers: { Session: b.session },
    });
    expect(pedidoAnswerSchema.parse(await again.json()).pedido.entrega.endereco[1]).toBe(
      'Rua dos Andradas, 1001 – sala 3',
    );
  });

  test('someone else’s address, a removed one or a made-up id stops the order and takes nothing', async () => {
    const stranger = await buyerOf(store, []);
    const theirs = enderecoAnswerSchema.parse(await (await add(stranger.session, PORTO_ALEGRE)).json());
    const b = await buyerOf(store, [{ v: variant, quantidade: 1 }]);
    const mine = enderecoAnswerSchema.parse(await (await add(b.session, PORTO_ALEGRE)).json());
    await remove(b.session, String(mine.endereco.id));
    const before = await stockOf(variant.id);
    for (const endereco of [theirs.endereco.id, mine.endereco.id, 2_000_000_000, -1, 'um', null, 1.5]) {
      const res = await place(store, b.session, {
        frete: 'economica',
        pagamento: 'pix',
        conferencia: b.conferencia,
        chave: chave(),
        endereco,
      });
      expect(res.status, String(endereco)).toBe(400);
      expect(errorSchema.parse(await res.json()).mensagem).toMatch(/endereço/i);
    }
    expect(await stockOf(variant.id)).toBe(before);
    const cart = cartSchema.parse(
      await (await store.request('/v2/front/checkout/cart', { headers: { Session: b.session } })).json(),
    );
    expect(cart.itens).toHaveLength(1);
    const orders = await store.database.db
      .select({ n: t.orders.number })
      .from(t.orders)
      .where(eq(t.orders.customerId, b.customerId));
    expect(orders).toEqual([]);
  });

  test('no input to the address endpoints is a server error, and the limit holds', async () => {
    const b = await buyerOf(store, []);
    const value = fc.oneof(
      fc.string({ maxLength: 130 }),
      fc.constantFrom('90010-000', 'RS', 'Rua A', '12', '', ' ', '\u0000'),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
    );
    const fields = ['destinatario', 'cep', 'logradouro', 'numero', 'complemento', 'bairro', 'cidade', 'uf'];
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries(fields.map((f) => [f, value]))),
        fc.string(),
        async (body, id) => {
          const created = await add(b.session, body);
          expect(created.status).toBeLessThan(500);
          const removed = await remove(b.session, encodeURIComponent(id));
          expect(removed.status).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
    expect((await list(b.session)).length).toBeLessThanOrEqual(MAX_ADDRESSES + 1);
  });
});
