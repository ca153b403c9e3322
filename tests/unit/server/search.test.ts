import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { listingSchema } from '#/contract/page.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform();
});
afterAll(() => store.stop());

const search = (busca: string, limit = 100) =>
  store.getJson(
    `/v2/front/url/product/listing/search?busca=${encodeURIComponent(busca)}&limit=${limit}`,
    listingSchema,
  );
/** Every product id a search finds, across all its pages. */
const ids = async (busca: string) => {
  const out: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await store.getJson(
      `/v2/front/url/product/listing/search?busca=${encodeURIComponent(busca)}&limit=100&offset=${offset}`,
      listingSchema,
    );
    out.push(...page.conteudo.produtos.map((p) => p.id));
    if (offset + 100 >= page.info.total) return out;
  }
};
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('search understands Portuguese shoppers', () => {
  test('singular finds products', async () => {
    const page = await search('torneira');
    expect(page.info.total).toBeGreaterThan(20);
    expect(page.conteudo.produtos.every((p) => plain(p.nome).includes('torneira'))).toBe(true);
  });

  test("plural 'torneiras' finds the same products as 'torneira'", async () => {
    const [one, many] = await Promise.all([search('torneira'), search('torneiras')]);
    expect(many.info.total).toBe(one.info.total);
  });

  test("accents do not matter: 'cozínha' = 'cozinha', 'ducha higienica' = 'ducha higiênica'", async () => {
    const [a, b] = await Promise.all([search('cozinha'), search('cozínha')]);
    expect(a.info.total).toBeGreaterThan(0);
    expect(b.info.total).toBe(a.info.total);
    const [c, d] = await Promise.all([search('ducha higienica'), search('ducha higiênica')]);
    expect(c.info.total).toBeGreaterThan(0);
    expect(d.info.total).toBe(c.info.total);
  });

  test.each([
    ['tornera', 'torneira'],
    ['misturadr', 'misturador'],
    ['chuvero', 'chuveiro'],
  ])("a small typo '%s' finds what '%s' finds and suggests the right word", async (typo, word) => {
    const page = await search(typo);
    expect(page.info.total).toBeGreaterThan(0);
    expect(page.conteudo.produtos.some((p) => plain(p.nome).includes(word))).toBe(true);
    expect(await ids(typo)).toEqual(expect.arrayContaining(await ids(word)));
    expect(page.conteudo.busca.sugestao).toContain(word);
  });

  test('every word must match', async () => {
    const page = await search('cuba inox');
    expect(page.info.total).toBeGreaterThan(0);
    expect(plain(page.conteudo.produtos[0]?.nome ?? '')).toMatch(/cuba.*inox|inox.*cuba/);
    const [cuba, inox] = await Promise.all([ids('cuba'), ids('inox')]);
    for (const id of await ids('cuba inox')) {
      expect(cuba).toContain(id);
      expect(inox).toContain(id);
    }
  });

  test('ranked by relevance, then by sales', async () => {
    const page = await search('torneira gourmet');
    const names = page.conteudo.produtos.map((p) => plain(p.nome));
    // Names with both words outrank names that only match one through the category text.
    const firstWeak = names.findIndex((n) => !n.includes('gourmet'));
    if (firstWeak >= 0) expect(names.slice(firstWeak).every((n) => !n.includes('gourmet'))).toBe(true);
  });

  test('a model code finds its product', async () => {
    const page = await search('1001');
    expect(page.conteudo.produtos[0]?.nome).toMatch(/-1001$/);
  });

  test('nonsense finds nothing', async () => {
    const page = await search('xyzzyqwert');
    expect(page.info.total).toBe(0);
    expect(page.conteudo.produtos).toEqual([]);
  });
});

describe('search text is data, never syntax', () => {
  test.each([
    '%',
    '_',
    '%%%',
    "'",
    '"',
    "torneira' OR 1=1 --",
    'torneira; DROP TABLE products;',
    '\\',
    '!!&|:*()',
    'torneira & | !',
  ])('%s is matched literally', async (text) => {
    const page = await search(text);
    expect(page.estrutura.nivel).toBe('product/listing/search');
    expect(page.conteudo.busca.texto).toBe(text.trim());
  });

  test("'%' and '_' are not wildcards", async () => {
    expect((await search('%')).info.total).toBe(0);
    expect((await search('_')).info.total).toBe(0);
    expect((await search('torn%')).info.total).toBe((await search('torn')).info.total);
  });

  test('SQL in the text finds what its words find and leaves the catalogue intact', async () => {
    const before = (await search('torneira')).info.total;
    const injected = await search("torneira'; DELETE FROM products; --");
    expect(injected.info.total).toBeLessThanOrEqual(before);
    expect((await search('torneira')).info.total).toBe(before);
  });

  test('a 10,000-character text is clamped, not an error', async () => {
    const page = await search('torneira '.repeat(1200));
    expect(page.conteudo.busca.texto.length).toBeLessThanOrEqual(200);
    expect(page.info.total).toBeGreaterThan(0);
  });

  test('an empty search is an empty result', async () => {
    expect((await search('')).info.total).toBe(0);
    expect((await search('   ')).info.total).toBe(0);
  });

  test('a NUL byte is a 400', async () => {
    const res = await store.request('/v2/front/url/product/listing/search?busca=torn%00eira');
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/inválidos/);
  });

  test('search pages are not indexed and keep busca in their links', async () => {
    const page = await search('cuba', 5);
    expect(page.estrutura.seo.indexar).toBe(false);
    expect(page.info.next).toContain('busca=cuba');
    expect(page.info.filtros).toMatchObject({ busca: 'cuba' });
  });

  test('the autocomplete call (limit=4) answers 4 products', async () => {
    const page = await store.getJson(
      '/v2/front/url/product/listing/search?busca=cuba&offset=0&limit=4',
      listingSchema,
    );
    expect(page.conteudo.produtos).toHaveLength(4);
  });
});
