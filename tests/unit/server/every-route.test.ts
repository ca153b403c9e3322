import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN, newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * Every route the platform serves, read from its own router (a route added tomorrow is in this test
 * tomorrow), called as the one who may call it (a logged-in customer on the storefront's API, an owner on the
 * staff API, anybody on the webhooks and the unsubscribe link) with generated hostile path segments, query
 * strings and bodies: none answers 5xx, and a refusal in JSON says why in a `mensagem`. properties.test.ts
 * goes deeper on the shopper's forms with their own fields; this one is the net under all of them.
 */
let store: TestPlatform;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  store = await startPlatform(10);
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of store.platform.api.routes)
    if (r.method !== 'ALL') seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  routes = [...seen.values()];
});
afterAll(() => store.stop());

const scalar = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 31, -1, 0, 1e308, 0.5, NaN),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('\u0000', '\ud800', '%00', '../..', '<script>', "' OR 1=1 --", ' 3 ', '١٢٣', '2026-02-30'),
  fc.string({ minLength: 300, maxLength: 3000 }),
);
/** Values a real caller sends (seed ids, an order number, a SKU, a CEP): mixed in so hostile ones reach deep. */
const plausible = fc.constantFrom(
  1,
  2,
  1001,
  '1',
  'SKU-1',
  '13035-000',
  'ana@exemplo.com.br',
  'aprovar',
  'pago',
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: plausible },
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);
/** A path segment: printable, since a raw NUL or slash is the HTTP layer's to refuse, not the store's. */
const segment = fc.oneof(
  plausible.map(String),
  fc.constantFrom('0', '-1', '99999999999', '1e3', 'abc', '%00', '%E0%A4%A', 'nul%00l', '..%2f..', ' '),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);
/** Field names the routes read, with a few no route reads. */
const FIELDS = ['nome', 'email', 'senha', 'situacao', 'acao', 'motivo', 'itens', 'cep', 'pagina', 'q', 'url'];
const body = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 }) },
  { weight: 1, arbitrary: value.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '[]', 'nome=a&email=b', '{"__proto__":{"x":1}}') },
);
const query = fc.dictionary(
  fc.constantFrom(...FIELDS, 'limit', 'offset', 'order', 'token', 'de', 'ate'),
  value,
  {
    maxKeys: 3,
  },
);

/** The concrete address of a route: each `:param` (and `:param{a|b}`) filled with a generated segment. */
function address(path: string, segments: string[]): string {
  let i = 0;
  return path.replace(/:[A-Za-z]+(\{([^}]*)\})?/g, (_whole, _pattern, choices?: string) => {
    const generated = segments[i++ % segments.length] ?? '1';
    const options = choices?.split('|');
    return options ? (options[generated.length % options.length] ?? '') : generated;
  });
}

/** Who calls: a customer of their own on the storefront's API, the owner on the staff API, nobody elsewhere. */
async function callerHeaders(path: string): Promise<Record<string, string>> {
  if (path.startsWith('/v2/admin')) return { Authorization: `Bearer ${ADMIN_TOKEN}` };
  if (!path.startsWith('/v2/front')) return {};
  const session = newSession();
  await store.loginAs(session, { name: 'Cliente Teste' });
  return { Session: session, 'X-Loja-Cliente': `10.77.${String(Math.floor(Math.random() * 250))}.1` };
}

describe('no route answers 5xx to anything', () => {
  test('every route of the router, as the one who may call it', async () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const headers = await callerHeaders(route.path);
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 3 }),
          query,
          body,
          async (parts, q, b) => {
            const search = new URLSearchParams();
            for (const [name, v] of Object.entries(q))
              search.append(name, typeof v === 'string' ? v : JSON.stringify(v));
            const target = `${address(route.path, parts)}?${search.toString()}`;
            const sent = typeof b === 'string' ? b : JSON.stringify(b);
            const res = await store.request(target, {
              method: route.method,
              headers: { ...headers, 'Content-Type': 'application/json' },
              ...(route.method === 'GET' ? {} : { body: sent }),
            });
            const text = await res.text();
            const what = `${route.method} ${target.slice(0, 200)} ${sent.slice(0, 200)} → ${String(res.status)} ${text.slice(0, 300)}`;
            expect(res.status, what).toBeLessThan(500);
            if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json')) {
              const answer = JSON.parse(text) as { mensagem?: unknown };
              expect(typeof answer.mensagem, what).toBe('string');
            }
          },
        ),
        { numRuns: 40 },
      );
    }
  }, 240_000);
});
