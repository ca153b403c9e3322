import { count, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as t from '#/server/db/schema.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * Generated hostile values (huge and negative numbers, NUL and control characters, long and odd strings,
 * arrays and objects where scalars belong) sent to every API route: none answers 5xx, and the database
 * holds no row it should not. Runs on PGlite and PostgreSQL like the rest of the server suite.
 */
let store: TestPlatform;
let before: Record<string, number>;
beforeAll(async () => {
  store = await startPlatform(40);
  before = await counts();
});
afterAll(() => store.stop());

async function counts(): Promise<Record<string, number>> {
  const db = store.database.db;
  const [[customers], [evaluations], [resets], [wishlist]] = await Promise.all([
    db.select({ n: count() }).from(t.customers),
    db.select({ n: count() }).from(t.storeEvaluations),
    db.select({ n: count() }).from(t.passwordResets),
    db.select({ n: count() }).from(t.favourites),
  ]);
  return {
    customers: customers?.n ?? 0,
    evaluations: evaluations?.n ?? 0,
    resets: resets?.n ?? 0,
    wishlist: wishlist?.n ?? 0,
  };
}

const scalar = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, -1, 0, 1e308, -0, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\ud800',
    '%00',
    '../..',
    '<script>',
    "' OR 1=1 --",
    '1e2',
    ' 3 ',
    '١٢٣',
  ),
  fc.string({ minLength: 300, maxLength: 6000 }),
);
/** Values a real caller sends (ids of the seed, a CEP, an e-mail): mixed in so that hostile ones reach deep. */
const plausible = fc.oneof(
  fc.integer({ min: 1, max: 40 }),
  fc.constantFrom('produto', '13035-000', 'ana@exemplo.com.br', 'uma senha longa', 'F', 'SP', true, '1'),
);
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: plausible },
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);

/** Every mutation with the fields it reads (hostile values go there, and extra keys around them). */
const MUTATIONS: [string, string, string[]][] = [
  ['POST', 'checkout/cart', ['tipo', 'itens']],
  ['POST', 'checkout/cart#lines', ['idProduto', 'idAtributoSimples', 'quantidade']],
  ['PUT', 'checkout/cart', ['idProduto', 'idAtributoSimples', 'quantidade', 'tipo']],
  ['DELETE', 'checkout/cart', ['idProduto', 'idAtributoSimples']],
  ['POST', 'checkout/register', ['pessoa', 'nome', 'email', 'senha', 'cpf', 'cep', 'celular', 'nascimento']],
  ['POST', 'checkout/login', ['usuario', 'senha', 'revendedor']],
  ['POST', 'checkout/password-recovery', ['usuario']],
  ['POST', 'checkout/password-reset', ['token', 'senha']],
  ['POST', 'checkout/user', ['nomeRazao', 'celular', 'cep', 'uf']],
  ['POST', 'checkout/logout', []],
  ['POST', 'checkout/zipcode', ['cep']],
  ['POST', 'newsletter', ['email', 'nome', 'website']],
  ['POST', 'form/contact', ['nome', 'email', 'telefone', 'assunto', 'mensagem']],
  ['POST', 'form/architect', ['nome', 'email', 'telefone', 'tipo', 'cau', 'portfolio']],
  [
    'POST',
    'evaluations/store/add/AAAAAAAAAAAAAAAAAAAAAAAA',
    ['experiencia', 'atendimento', 'satisfeito', 'mensagem'],
  ],
  ['POST', 'wishlist/add', ['idProduto']],
  ['POST', 'shipment/product', ['cep', 'idProduto', 'idAtributoValor', 'quantidade']],
  ['POST', 'shipment/cart', ['cep']],
];
/** Every read with the query parameters it reads. */
const READS: [string, string[]][] = [
  ['url/verify', ['url']],
  [
    'url/product/listing/category',
    ['url', 'offset', 'limit', 'order', 'marca', 'filtro', 'preco', 'descontoPrecoPor'],
  ],
  ['url/product/listing/search', ['busca', 'offset', 'limit', 'order']],
  ['url/product/listing/brand', ['url', 'offset', 'limit']],
  ['url/product/detail', ['url', 'sku']],
  ['url/page', ['url']],
  ['url/list/detail', ['url']],
  ['showcase/banners/destaque-submenu-1', ['idNivel', 'limit']],
  ['showcase/products/vitrine-mais-vendidos', ['produtos', 'limit']],
  ['sitemap/produtos', ['offset', 'limit', 'pagina']],
  ['wishlist', ['produtos']],
  ['checkout/cart', []],
];

let n = 0;
const headers = () => ({
  'Content-Type': 'application/json',
  Session: newSession(),
  'X-Loja-Cliente': `10.${String(++n % 250)}.${String((n >> 8) % 250)}.9`,
});
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

describe('no generated input is a server error', () => {
  test.each(MUTATIONS)('%s %s', async (method, path, fields) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 5, arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f, hostile]))) },
          { weight: 1, arbitrary: hostile },
        ),
        async (body) => {
          const res = await store.request(`/v2/front/${path}`, {
            method,
            headers: headers(),
            body: JSON.stringify(body),
          });
          const answer = (await res.json()) as { mensagem?: unknown };
          expect(
            res.status,
            `${JSON.stringify(body).slice(0, 300)} → ${JSON.stringify(answer).slice(0, 300)}`,
          ).toBeLessThan(500);
          if (res.status >= 400) expect(typeof answer.mensagem).toBe('string');
        },
      ),
      { numRuns: 60 },
    );
  });

  test.each(READS)('GET %s', async (path, params) => {
    await fc.assert(
      fc.asyncProperty(fc.record(Object.fromEntries(params.map((p) => [p, hostile]))), async (query) => {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(query)) search.append(name, text(value));
        const res = await store.request(`/v2/front/${path}?${search.toString()}`, { headers: headers() });
        expect(res.status, search.toString().slice(0, 300)).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  test('and the database holds nothing it should not', async () => {
    expect(await counts()).toEqual(before);
    const db = store.database.db;
    const [badLines] = await db
      .select({ n: count() })
      .from(t.cartItems)
      .where(
        sql`${t.cartItems.quantity} < 1 OR ${t.cartItems.quantity} > 999 OR ${t.cartItems.variantId} NOT IN (SELECT id FROM ${t.variants})`,
      );
    expect(badLines?.n).toBe(0);
    const subscribers = await db
      .select({ email: t.newsletterSubscribers.email })
      .from(t.newsletterSubscribers);
    for (const { email } of subscribers)
      expect(email).toMatch(/^[^\s@\u0000-\u001f]{1,64}@[^\s@\u0000-\u001f]+\.[^\s@\u0000-\u001f]+$/);
  });
});
