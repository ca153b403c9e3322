import { afterAll, beforeAll, expect, test } from 'vitest';
import { staffProductListSchema } from '#/contract/staff-products.ts';
import type { StaffProductList } from '#/contract/staff-products.ts';
import { ADMIN_TOKEN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/** The team's product list: by name or SKU, brand, category, sold out; ordered and paged. */

let store: TestPlatform;
const staff = { Authorization: `Bearer ${ADMIN_TOKEN}` };

beforeAll(async () => {
  store = await startPlatform(60);
});
afterAll(() => store.stop());

async function list(query = '', status = 200): Promise<StaffProductList> {
  const res = await store.request(`/v2/admin/products${query}`, { headers: staff });
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return status === 200 ? staffProductListSchema.parse(body) : (body as StaffProductList);
}

test('every product, 25 a page, with the filters it offers', async () => {
  const first = await list();
  expect(first.total).toBe(60);
  expect(first.itens).toHaveLength(25);
  expect(first.paginas).toBe(3);
  expect((await list('?pagina=3')).itens).toHaveLength(10);
  expect(first.marcas.length).toBeGreaterThan(1);
  expect(first.categorias.every((c) => c.caminho.startsWith('/'))).toBe(true);
  const item = first.itens[0];
  expect(item?.caminho).toMatch(/^\/[a-z0-9-]+\.html$/);
  expect(item?.acabamentos).toBe(item?.skus.length);
});

test('a SKU in any case, a part of the name, a brand, a category, the sold out', async () => {
  const some = (await list()).itens[3];
  const sku = some?.skus.at(-1) ?? '';
  expect((await list(`?q=${encodeURIComponent(sku.toLowerCase())}`)).itens.map((i) => i.id)).toEqual([
    some?.id,
  ]);
  const word = (some?.nome ?? '').split(' ')[0] ?? '';
  expect((await list(`?q=${encodeURIComponent(word)}`)).itens.every((i) => i.nome.includes(word))).toBe(true);
  const { marcas, categorias } = await list();
  const brand = marcas.find((m) => m.nome === some?.marca);
  const byBrand = await list(`?marca=${String(brand?.id)}`);
  expect(byBrand.total).toBeGreaterThan(0);
  expect(byBrand.itens.every((i) => i.marca === some?.marca)).toBe(true);
  const category = categorias.find((c) => c.caminho === some?.categoria);
  expect(
    (await list(`?categoria=${String(category?.id)}`)).itens.every((i) => i.categoria === some?.categoria),
  ).toBe(true);
  const soldOut = await list('?esgotados=1');
  expect(soldOut.total).toBeGreaterThan(0);
  expect(soldOut.itens.every((i) => i.estoque === 0)).toBe(true);
  expect((await list('?q=%25%25')).total).toBe(0);
  const least = await list('?ordem=menor-estoque');
  const stocks = least.itens.map((i) => i.estoque);
  expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
});

test('a bad query is a 400 in Portuguese; no token, no list', async () => {
  for (const query of [
    '?pagina=0',
    '?marca=x',
    '?esgotados=talvez',
    '?ordem=preco',
    `?q=${'a'.repeat(101)}`,
  ]) {
    const answer = (await list(query, 400)) as unknown as { mensagem: string };
    expect(answer.mensagem, query).toMatch(/[a-zà-ú]/);
  }
  expect((await store.request('/v2/admin/products')).status).toBe(401);
});
