import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { taxonomySchema } from '#/contract/staff-taxonomy.ts';
import * as t from '#/server/db/schema.ts';
import { ADMIN_TOKEN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';
import { as, staffCalls } from '../staff-members.ts';

/** Brands and categories kept by the team: created, renamed, hidden; the storefront follows. */

let store: TestPlatform;
let catalogue: { token: string };
let orders: { token: string };
beforeAll(async () => {
  store = await startPlatform(20);
  catalogue = await member('catalogo@taxonomia.test', 'catalogo');
  orders = await member('pedidos@taxonomia.test', 'pedidos');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const send = (method: string, path: string, body: unknown, token = catalogue.token) =>
  admin(`/taxonomy/${path}`, { method, body, headers: as(token) });
const list = async () =>
  taxonomySchema.parse(await (await admin('/taxonomy', { headers: as(catalogue.token) })).json());
const verify = async (path: string) =>
  (await store.request(`/v2/front/url/verify?url=${encodeURIComponent(path)}`)).status;
const frontBrands = async () =>
  ((await (await store.request('/v2/front/brands')).json()) as { marcas: { nome: string }[] }).marcas.map(
    (m) => m.nome,
  );
const menuPaths = async () =>
  JSON.stringify(await (await store.request('/v2/front/struct/menus/menu-principal')).json());

describe('brands', () => {
  test('created, refused twice, renamed, hidden from the storefront and shown again; all recorded', async () => {
    expect((await send('POST', 'brands', { nome: 'Aurora Metais' })).status).toBe(201);
    const again = await send('POST', 'brands', { nome: 'aurora  metais' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { erros: Record<string, string> }).erros['nome']).toMatch(/Já existe/);
    const aurora = (await list()).marcas.find((m) => m.nome === 'Aurora Metais');
    expect(aurora).toMatchObject({ slug: 'aurora-metais', oculta: false, produtos: 0 });
    await expect.poll(frontBrands).toContain('Aurora Metais');
    expect((await send('PUT', `brands/${String(aurora?.id)}`, { nome: 'Aurora Metais Finos' })).status).toBe(
      200,
    );
    expect((await send('PUT', `brands/${String(aurora?.id)}`, { oculta: true })).status).toBe(200);
    await expect.poll(frontBrands).not.toContain('Aurora Metais Finos');
    expect((await send('PUT', `brands/${String(aurora?.id)}`, { oculta: false })).status).toBe(200);
    await expect.poll(frontBrands).toContain('Aurora Metais Finos');
    const activity = await admin('/activity?entidade=marca', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const names = ((await activity.json()) as { atividades: { acaoNome: string }[] }).atividades.map(
      (a) => a.acaoNome,
    );
    expect(names).toEqual(expect.arrayContaining(['Marca criada', 'Marca alterada']));
  });
});

describe('categories', () => {
  test('a new branch of the tree answers at its address; a category with products takes no children', async () => {
    expect((await send('POST', 'categories', { nome: 'Jardim' })).status).toBe(201);
    const garden = (await list()).categorias.find((c) => c.nome === 'Jardim');
    expect(garden).toMatchObject({ caminho: '/jardim/', nivel: 1, pai: null });
    expect((await send('POST', 'categories', { nome: 'Irrigação', pai: garden?.id })).status).toBe(201);
    const child = (await list()).categorias.find((c) => c.nome === 'Irrigação');
    expect(child).toMatchObject({
      caminho: '/jardim/irrigacao/',
      nivel: 2,
      nomeCompleto: 'Jardim › Irrigação',
    });
    await expect.poll(() => verify('/jardim/irrigacao/')).toBe(200);
    // Hidden, the parent takes its branch away; shown again, it is back.
    expect((await send('PUT', `categories/${String(garden?.id)}`, { oculta: true })).status).toBe(200);
    await expect.poll(() => verify('/jardim/irrigacao/')).toBe(404);
    expect((await list()).categorias.find((c) => c.id === child?.id)?.ocultaPorCima).toBe(true);
    expect((await send('PUT', `categories/${String(garden?.id)}`, { oculta: false })).status).toBe(200);
    await expect.poll(() => verify('/jardim/irrigacao/')).toBe(200);

    const [held] = await store.database.db.select({ id: t.products.categoryId }).from(t.products).limit(1);
    const refused = await send('POST', 'categories', { nome: 'Nova filha', pai: held?.id });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { erros: Record<string, string> }).erros['pai']).toMatch(
      /tem produtos/,
    );
  });

  test('a hidden category leaves the menu and has no page; its products stay on sale', async () => {
    const [product] = await store.database.db
      .select({ slug: t.products.slug, categoryId: t.products.categoryId })
      .from(t.products)
      .where(eq(t.products.active, true))
      .limit(1);
    const [category] = await store.database.db
      .select()
      .from(t.categories)
      .where(eq(t.categories.id, product?.categoryId ?? 0));
    const path = category?.path ?? '-';
    expect(await verify(path)).toBe(200);
    expect(await menuPaths()).toContain(path);
    expect((await send('PUT', `categories/${String(category?.id)}`, { oculta: true })).status).toBe(200);
    await expect.poll(() => verify(path)).toBe(404);
    expect(await menuPaths()).not.toContain(`"path":"${path}"`);
    expect(await verify(`/${product?.slug ?? ''}.html`)).toBe(200);
    expect((await send('PUT', `categories/${String(category?.id)}`, { oculta: false })).status).toBe(200);
    await expect.poll(() => verify(path)).toBe(200);
  });

  test('bad input is a 400 in Portuguese; the orders role gets a 403', async () => {
    for (const body of [
      {},
      { nome: '' },
      { nome: 'x'.repeat(61) },
      { nome: 'Ok', pai: 'abc' },
      { nome: 'Ok', pai: 999999 },
    ])
      expect((await send('POST', 'categories', body)).status, JSON.stringify(body)).toBe(400);
    expect((await send('PUT', 'categories/999999', { nome: 'Nada' })).status).toBe(404);
    expect((await send('PUT', 'brands/abc', { nome: 'Nada' })).status).toBe(404);
    expect((await send('PUT', 'brands/1', {})).status).toBe(400);
    expect((await send('POST', 'brands', { nome: 'Intrusa' }, orders.token)).status).toBe(403);
  });
});

describe('finishes', () => {
  const listing = async () =>
    JSON.stringify(
      await (await store.request(`/v2/front/url/product/listing/category?url=/cozinha/&limit=5`)).json(),
    );

  test('created (usable in a product), renamed everywhere they are written, hidden from the filters', async () => {
    expect((await send('POST', 'finishes', { nome: 'Bronze Velho', cor: '#8C6239' })).status).toBe(201);
    expect((await send('POST', 'finishes', { nome: 'bronze velho', cor: '#000000' })).status).toBe(400);
    expect((await send('POST', 'finishes', { nome: 'Cobre', cor: 'vermelho' })).status).toBe(400);
    const bronze = (await list()).acabamentos.find((a) => a.nome === 'Bronze Velho');
    expect(bronze).toMatchObject({ slug: 'bronze-velho', cor: '#8c6239', oculto: false, variacoes: 0 });

    // Renamed: the finishes that carry it say the new name.
    const [used] = await store.database.db.select({ finish: t.variants.finish }).from(t.variants).limit(1);
    const slug = used?.finish ?? '-';
    expect((await send('PUT', `finishes/${slug}`, { nome: 'Nome Novo' })).status).toBe(200);
    const labels = await store.database.db
      .select({ label: t.variants.finishLabel })
      .from(t.variants)
      .where(eq(t.variants.finish, slug));
    expect(new Set(labels.map((l) => l.label))).toEqual(new Set(['Nome Novo']));
    await expect.poll(listing).toContain('Nome Novo');
    // Hidden: no longer a filter; shown again, back.
    expect((await send('PUT', `finishes/${slug}`, { oculto: true })).status).toBe(200);
    await expect.poll(listing).not.toContain('Nome Novo');
    expect((await send('PUT', `finishes/${slug}`, { oculto: false })).status).toBe(200);
    await expect.poll(listing).toContain('Nome Novo');
    expect((await send('PUT', 'finishes/nao-existe', { oculto: true })).status).toBe(404);
  });
});
