import { afterAll, beforeAll, expect, test } from 'vitest';
import { listingSchema } from '#/contract/page.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** PGlite and PostgreSQL must answer searches identically: same products, same order. */
const url = process.env['TEST_DATABASE_URL'];
const queries = [
  'torneira',
  'torneiras',
  'cozínha',
  'tornera',
  'misturadr',
  'cuba inox',
  'ducha',
  'preto fosco',
  'chuveiro de parede',
  '%_',
];

let lite: TestPlatform | undefined;
let pg: TestPlatform | undefined;
beforeAll(async () => {
  if (!url || process.env['TEST_DB'] !== 'pglite') return;
  lite = await startPlatform();
  process.env['TEST_DB'] = 'postgres';
  try {
    pg = await startPlatform();
  } finally {
    process.env['TEST_DB'] = 'pglite';
  }
});
afterAll(async () => {
  await lite?.stop();
  await pg?.stop();
});

test.skipIf(!url || process.env['TEST_DB'] !== 'pglite').each(queries)(
  '"%s" gives identical results on PGlite and PostgreSQL',
  async (q) => {
    const path = `/v2/front/url/product/listing/search?busca=${encodeURIComponent(q)}&limit=100`;
    if (!lite || !pg) throw new Error('both databases must be up');
    const [a, b] = await Promise.all([lite.getJson(path, listingSchema), pg.getJson(path, listingSchema)]);
    expect(b.conteudo.produtos.map((p) => p.id)).toEqual(a.conteudo.produtos.map((p) => p.id));
    expect(b.info.total).toBe(a.info.total);
    expect(b.conteudo.busca).toEqual(a.conteudo.busca);
  },
);
