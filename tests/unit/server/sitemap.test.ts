import { afterAll, beforeAll, expect, test } from 'vitest';
import { sitemapIndexSchema, sitemapSchema } from '#/contract/sitemap.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(120);
});
afterAll(() => store.stop());

test('the sitemap index counts every kind, and chunks page through absolute URLs', async () => {
  const { tipos } = await store.getJson('/v2/front/sitemap', sitemapIndexSchema);
  expect(tipos.find((t) => t.tipo === 'produtos')?.total).toBe(120);
  const first = await store.getJson('/v2/front/sitemap/produtos?offset=0&limit=100', sitemapSchema);
  const rest = await store.getJson('/v2/front/sitemap/produtos?offset=100&limit=100', sitemapSchema);
  expect(first.urls).toHaveLength(100);
  expect(rest.urls).toHaveLength(20);
  expect(new Set([...first.urls, ...rest.urls].map((u) => u.loc)).size).toBe(120);
  expect(first.urls[0]?.loc).toMatch(new RegExp(`^${ORIGIN}/[a-z0-9-]+\\.html$`));
  const categories = await store.getJson('/v2/front/sitemap/categorias', sitemapSchema);
  expect(categories.urls.map((u) => u.loc)).toEqual(
    expect.arrayContaining([`${ORIGIN}/cozinha/`, `${ORIGIN}/c/ofertas`]),
  );
});

test('unknown kinds are 404 and bad numbers 400', async () => {
  expect((await store.request('/v2/front/sitemap/tudo')).status).toBe(404);
  expect((await store.request('/v2/front/sitemap/produtos?offset=-1')).status).toBe(400);
});
