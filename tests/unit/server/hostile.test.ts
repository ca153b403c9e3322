import { count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CART_LINES_MAX } from '#/contract/cart.ts';
import * as t from '#/server/db/schema.ts';
import { newSession, startPlatform, withFailingTrigger } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * What an attacker sends the API (issue "Hostile input"): every case answers a 4xx with a Portuguese
 * `mensagem` and changes nothing, on PGlite and PostgreSQL.
 */
let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(40);
});
afterAll(() => store.stop());

let n = 0;
const post = async (path: string, body: unknown, method = 'POST') => {
  const res = await store.request(`/v2/front/${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Session: newSession(),
      'X-Loja-Cliente': `10.66.${String(++n % 250)}.1`,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const answer = (await res.json()) as { mensagem?: unknown };
  return { status: res.status, mensagem: answer.mensagem };
};
const rows = async () => {
  const db = store.database.db;
  const [[carts], [subscribers], [forms], [customers]] = await Promise.all([
    db.select({ n: count() }).from(t.cartItems),
    db.select({ n: count() }).from(t.newsletterSubscribers),
    db.select({ n: count() }).from(t.formSubmissions),
    db.select({ n: count() }).from(t.customers),
  ]);
  return [carts?.n, subscribers?.n, forms?.n, customers?.n];
};
const refused = (answer: { status: number; mensagem: unknown }) => {
  expect(answer.status, JSON.stringify(answer)).toBeGreaterThanOrEqual(400);
  expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
  expect(typeof answer.mensagem).toBe('string');
};

describe('ids past the 32-bit range', () => {
  const huge = [2_147_483_648, 99_999_999_999, 1e20, '99999999999'];
  test.each(huge)('cart and favourites refuse %s', async (id) => {
    const before = await rows();
    refused(
      await post('checkout/cart', {
        tipo: 'produto',
        itens: [{ idProduto: id, idAtributoSimples: 1, quantidade: 1 }],
      }),
    );
    refused(
      await post('checkout/cart', {
        tipo: 'produto',
        itens: [{ idProduto: 1, idAtributoSimples: id, quantidade: 1 }],
      }),
    );
    refused(await post('checkout/cart', { idProduto: 1, idAtributoSimples: id, quantidade: 1 }, 'PUT'));
    refused(await post('checkout/cart', { idProduto: 1, idAtributoSimples: id }, 'DELETE'));
    refused(await post('wishlist/add', { idProduto: id }));
    refused(await post('shipment/product', { cep: '13035-000', idProduto: id }));
    expect(await rows()).toEqual(before);
  });
});

describe('loose numbers are not quantities', () => {
  test.each([true, [2], '1e2', ' 3 ', 2.5, -1, 0, 1000, '', null, { n: 1 }])(
    'quantidade %j is a 400',
    async (q) => {
      const before = await rows();
      const answer = await post('checkout/cart', {
        tipo: 'produto',
        itens: [{ idProduto: 1, idAtributoSimples: 1, quantidade: q }],
      });
      expect(answer.status).toBe(400);
      refused(answer);
      expect(await rows()).toEqual(before);
    },
  );

  test('a string of digits from a form is a quantity', async () => {
    const answer = await post('checkout/cart', {
      tipo: 'produto',
      itens: [{ idProduto: '1', idAtributoSimples: '1', quantidade: '2' }],
    });
    expect([200, 400, 404]).toContain(answer.status);
    expect(answer.status).not.toBe(500);
  });
});

describe('NUL and control characters', () => {
  const nul = 'ana\u0000@exemplo.com.br';
  test.each([
    ['newsletter', { email: nul }],
    [
      'form/contact',
      {
        nome: 'Ana\u0000',
        email: 'ana@exemplo.com.br',
        telefone: '19 99999-0000',
        assunto: 'Dúvida sobre produto',
        mensagem: 'Olá',
      },
    ],
    ['checkout/login', { usuario: nul, senha: 'x' }],
    ['checkout/password-recovery', { usuario: nul }],
    [
      'checkout/register',
      { pessoa: 'F', nome: 'Ana\u0000 Souza', email: 'ana@exemplo.com.br', senha: 'uma senha longa' },
    ],
  ])('%s refuses it', async (path, body) => {
    const before = await rows();
    refused(await post(path, body));
    expect(await rows()).toEqual(before);
  });
});

describe('one CEP rule', () => {
  test.each(['01001-000', '01001000', ' 01001-000 '])('%j is a CEP everywhere', async (cep) => {
    expect((await post('checkout/zipcode', { cep })).status).toBe(200);
    expect((await post('shipment/product', { cep, idProduto: 1 })).status).not.toBe(400);
  });
  test.each(['01001 000', '01001000/../../x', '0100-1000', '00000-000', '1234567', 'abcde-fgh'])(
    '%j is refused everywhere',
    async (cep) => {
      refused(await post('checkout/zipcode', { cep }));
      const product = await post('shipment/product', { cep, idProduto: 1 });
      expect(product.status).toBe(400);
    },
  );
});

describe('nothing tells who is a customer', () => {
  test('a store-evaluation key: malformed, unknown and used answer alike', async () => {
    const get = async (key: string) => {
      const res = await store.request(`/v2/front/evaluations/store/add/${key}`);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const malformed = await get('x');
    const unknown = await get('A'.repeat(43));
    expect(malformed).toEqual(unknown);
  });
});

describe('credential stuffing', () => {
  test('one account tried from many addresses is held after ten failures, even with the right password', async () => {
    const email = `alvo-${String(Date.now())}@exemplo.com.br`;
    const login = (senha: string, address: string) =>
      store.request('/v2/front/checkout/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Loja-Cliente': address },
        body: JSON.stringify({ usuario: email, senha }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await login('senha-errada-123', `10.77.${String(i)}.1`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
    expect(statuses[10]).toBe(429);
    const held = await login('qualquer-uma-456', '10.78.0.1');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await held.json()) as { mensagem: string }).mensagem).toMatch(/Muitas tentativas/);
  });
});

describe('carts: bounded, and a replay applies once', () => {
  const cartCall = async (session: string, method: string, body: unknown, key?: string) => {
    const res = await store.request('/v2/front/checkout/cart', {
      method,
      headers: {
        'Content-Type': 'application/json',
        Session: session,
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { mensagem?: string; quantidadeTotal?: number },
    };
  };
  const variants = async (n: number) =>
    store.database.db
      .select({ id: t.variants.id, productId: t.variants.productId })
      .from(t.variants)
      .where(gt(t.variants.stock, 5))
      .limit(n);

  test(`a cart holds at most ${String(CART_LINES_MAX)} distinct products, and says so`, async () => {
    const session = newSession();
    const lines = async () =>
      (await store.database.db.select().from(t.cartItems).where(eq(t.cartItems.sessionId, session))).length;
    const pool = await variants(200);
    const add = (v: { id: number; productId: number }) =>
      cartCall(session, 'POST', {
        tipo: 'produto',
        itens: [{ idProduto: v.productId, idAtributoSimples: v.id, quantidade: 1 }],
      });
    let next = 0;
    while ((await lines()) < CART_LINES_MAX) {
      const v = pool[next++];
      if (!v) throw new Error('not enough variants');
      expect((await add(v)).status).toBe(200);
    }
    const extra = pool[next];
    if (!extra) throw new Error('not enough variants');
    const refusedAdd = await add(extra);
    expect(refusedAdd.status).toBe(400);
    expect(refusedAdd.body.mensagem).toContain(String(CART_LINES_MAX));
    expect(await lines()).toBe(CART_LINES_MAX);
  });

  test('Idempotency-Key: the same body twice adds once; another body with the key is a 422', async () => {
    const session = newSession();
    const [v] = await variants(1);
    if (!v) throw new Error('no variant');
    const add = {
      tipo: 'produto',
      itens: [{ idProduto: v.productId, idAtributoSimples: v.id, quantidade: 1 }],
    };
    const first = await cartCall(session, 'POST', add, 'clique-duplo-0001');
    const again = await cartCall(session, 'POST', add, 'clique-duplo-0001');
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    const [line] = await store.database.db
      .select()
      .from(t.cartItems)
      .where(eq(t.cartItems.sessionId, session));
    expect(line?.quantity).toBe(1);
    const other = await cartCall(
      session,
      'POST',
      { ...add, itens: [{ ...add.itens[0], quantidade: 2 }] },
      'clique-duplo-0001',
    );
    expect(other.status).toBe(422);
    expect(typeof other.body.mensagem).toBe('string');
    // Without the header, each post adds.
    await cartCall(session, 'POST', add);
    const [after] = await store.database.db
      .select()
      .from(t.cartItems)
      .where(eq(t.cartItems.sessionId, session));
    expect(after?.quantity).toBe(2);
  });

  /** A new session and a cart add of one unit of a variant in stock. */
  const oneAdd = async () => {
    const [v] = await variants(1);
    if (!v) throw new Error('no variant');
    const add = {
      tipo: 'produto',
      itens: [{ idProduto: v.productId, idAtributoSimples: v.id, quantidade: 1 }],
    };
    return { session: newSession(), add };
  };
  /** Run `work` while every `event` on `table` fails in the database (a simulated fault), errors unlogged. */
  const failing = (name: string, event: string, table: string, work: () => Promise<void>) =>
    withFailingTrigger(store.database.db, name, event, table, work);

  test('a fault between the change and its answer: the retry answers the cart, never adding twice', async () => {
    const { session, add } = await oneAdd();
    // The database refuses to keep answers, as if the connection dropped right after the change committed.
    await failing('no_answers', 'UPDATE', 'idempotency_keys', async () => {
      const first = await cartCall(session, 'POST', add, 'queda-de-rede-0001');
      expect(first.status).toBe(200);
      const retry = await cartCall(session, 'POST', add, 'queda-de-rede-0001');
      expect(retry.status).toBe(200);
      expect(retry.body.quantidadeTotal).toBe(1);
    });
    const lines = await store.database.db
      .select()
      .from(t.cartItems)
      .where(eq(t.cartItems.sessionId, session));
    expect(lines.map((l) => l.quantity)).toEqual([1]);
  });

  test('a change that fails takes its key with it: the retry makes the change once', async () => {
    const { session, add } = await oneAdd();
    await failing('no_cart', 'INSERT', 'cart_items', async () => {
      const failed = await cartCall(session, 'POST', add, 'falha-no-meio-0001');
      expect(failed.status).toBeGreaterThanOrEqual(500);
    });
    expect((await cartCall(session, 'POST', add, 'falha-no-meio-0001')).body.quantidadeTotal).toBe(1);
    expect((await cartCall(session, 'POST', add, 'falha-no-meio-0001')).body.quantidadeTotal).toBe(1);
  });
});
