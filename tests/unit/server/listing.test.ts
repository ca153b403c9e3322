import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { listingSchema } from '#/contract/page.ts';
import type { ListingPage } from '#/contract/page.ts';
import { catalogCaches, clearListingCaches } from '#/server/catalog/caches.ts';
import { warmListings } from '#/server/catalog/listing.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform();
});
afterAll(() => store.stop());

const category = (query: string) =>
  store.getJson(`/v2/front/url/product/listing/category?url=/cozinha/&${query}`, listingSchema);
const ids = (page: ListingPage) => page.conteudo.produtos.map((p) => p.id);

describe('pagination', () => {
  test('default page is 40 products with total, prev/next and an absolute self', async () => {
    const page = await store.getJson('/v2/front/url/product/listing/category?url=/banheiro/', listingSchema);
    expect(page.info.limit).toBe(40);
    expect(page.info.offset).toBe(0);
    expect(page.info.exibindo).toBe(40);
    expect(page.info.total).toBeGreaterThan(40);
    expect(page.info.prev).toBe('');
    expect(page.info.self).toBe(`${ORIGIN}/banheiro/`);
    expect(page.info.next).toBe(`${ORIGIN}/banheiro/?pg=2`);
    expect(page.conteudo.categoria?.nome).toBe('Banheiro');
  });

  test('pages do not overlap and together cover the total', async () => {
    const first = await category('limit=24');
    const seen = new Set<number>();
    for (let offset = 0; offset < first.info.total; offset += 24) {
      for (const id of ids(await category(`limit=24&offset=${offset}`))) seen.add(id);
    }
    expect(seen.size).toBe(first.info.total);
  });

  test('pg and ipp inside the storefront url work when offset/limit are absent', async () => {
    const page = await store.getJson(
      `/v2/front/url/product/listing/category?url=${encodeURIComponent('/cozinha/?pg=2&ipp=12')}`,
      listingSchema,
    );
    expect(page.info.offset).toBe(12);
    expect(page.info.limit).toBe(12);
    expect(page.info.prev).toBe(`${ORIGIN}/cozinha/?ipp=12`);
    expect(page.info.next).toBe(`${ORIGIN}/cozinha/?ipp=12&pg=3`);
    expect(page.estrutura.seo.canonical).toBe(`${ORIGIN}/cozinha/?pg=2`);
    expect(page.estrutura.seo.indexar).toBe(true);
  });

  test('an offset past the end gives an empty page, not an error', async () => {
    const page = await category('offset=100000');
    expect(page.conteudo.produtos).toEqual([]);
    expect(page.info.next).toBe('');
  });

  test('limit above 100 is clamped to 100', async () => {
    const page = await store.getJson(
      '/v2/front/url/product/listing/category?url=/banheiro/&limit=5000',
      listingSchema,
    );
    expect(page.info.limit).toBe(100);
    expect(page.conteudo.produtos.length).toBeLessThanOrEqual(100);
  });

  test.each([
    'offset=-1',
    'offset=abc',
    'offset=1e3',
    'offset=99999999999999999999',
    'limit=0',
    'limit=-5',
    'limit=dez',
    'limit=1.5',
    'offset=2000000',
  ])('%s is a 400 with a Portuguese message', async (query) => {
    const res = await store.request(`/v2/front/url/product/listing/category?url=/cozinha/&${query}`);
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/parâmetro (offset|limit)/);
  });

  test('a storefront url reads pg and ipp by the storefront rules: a size not offered is 40, a bad pg a 400, a page too far a 404', async () => {
    const path = '/v2/front/url/product/listing/category?url=';
    expect(
      (await store.getJson(`${path}${encodeURIComponent('/cozinha/?ipp=7')}`, listingSchema)).info.limit,
    ).toBe(40);
    const bad = await store.request(`${path}${encodeURIComponent('/cozinha/?pg=dois')}`);
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(await bad.json()).mensagem).toBe('O parâmetro pg deve ser um número de página.');
    expect((await store.request(`${path}${encodeURIComponent('/cozinha/?pg=99999999')}`)).status).toBe(404);
  });
});

describe('ordering', () => {
  const prices = (page: ListingPage) =>
    page.conteudo.produtos.filter((p) => p.status === 'disponivel').map((p) => p.precos.por);
  test('Menor Preço and Maior Preço', async () => {
    const asc = prices(await category(`order=${encodeURIComponent('Menor Preço')}&limit=100`));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = prices(await category(`order=${encodeURIComponent('Maior Preço')}&limit=100`));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  test('A-Z sorts by name ignoring accents', async () => {
    const names = (await category('order=A-Z&limit=100')).conteudo.produtos
      .filter((p) => p.status === 'disponivel')
      .map((p) => p.nome);
    const key = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    expect(names.map(key)).toEqual([...names.map(key)].sort());
  });

  test('Maior Desconto', async () => {
    const page = await category(`order=${encodeURIComponent('Maior Desconto')}&limit=100`);
    const discounts = page.conteudo.produtos
      .filter((p) => p.status === 'disponivel')
      .map((p) => Math.round((1 - p.precos.por / p.precos.de) * 100));
    for (let i = 1; i < discounts.length; i++)
      expect(discounts[i]).toBeLessThanOrEqual((discounts[i - 1] ?? 0) + 1);
  });

  test('unavailable products come last', async () => {
    const pages = await Promise.all([category('limit=100'), category('limit=100&offset=100')]);
    const status = pages.flatMap((page) => page.conteudo.produtos.map((p) => p.status));
    expect(status.indexOf('indisponivel')).toBeGreaterThan(-1);
    expect(status.slice(status.indexOf('indisponivel')).every((s) => s === 'indisponivel')).toBe(true);
  });

  test('the current order is marked, Mais Vendidos by default', async () => {
    expect(
      (await category('limit=1')).conteudo.detalhes.ordenacao.filter((o) => o.atual).map((o) => o.label),
    ).toEqual(['Mais Vendidos']);
    const lanc = await category(`order=${encodeURIComponent('Lançamentos')}&limit=1`);
    expect(lanc.conteudo.detalhes.ordenacao.find((o) => o.atual)?.label).toBe('Lançamentos');
    expect(lanc.conteudo.detalhes.ordenacao.map((o) => o.label)).toEqual([
      'Mais Vendidos',
      'Menor Preço',
      'Maior Preço',
      'Lançamentos',
      'Maior Desconto',
      'A-Z',
    ]);
    expect(lanc.estrutura.seo.indexar).toBe(false);
  });

  test('an unknown order is a 400 listing the valid ones', async () => {
    const res = await store.request('/v2/front/url/product/listing/category?url=/cozinha/&order=price;DROP');
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/Menor Preço/);
  });
});

describe('filters', () => {
  test('brand filter keeps only that brand, and its toggle URL removes it again', async () => {
    const all = await category('limit=1');
    const brand = all.conteudo.detalhes.marcas[0];
    if (!brand) throw new Error('no brand facet');
    const slug = new URL(brand.url).searchParams.get('marca') ?? '';
    const filtered = await category(`marca=${slug}&limit=100`);
    expect(filtered.info.total).toBe(brand.quantidade);
    expect(filtered.conteudo.produtos.every((p) => p.marca.id === brand.id)).toBe(true);
    expect(filtered.estrutura.seo.indexar).toBe(false);
    const active = filtered.conteudo.detalhes.marcas.find((m) => m.id === brand.id);
    expect(active?.ativo).toBe(true);
    expect(active?.url).toBe(`${ORIGIN}/cozinha/?ipp=100`);
    expect(filtered.info.filtros).toEqual({ marca: [slug] });
  });

  test('finish filter matches any variant in that finish', async () => {
    const page = await category('filtro=preto-fosco&limit=100');
    expect(page.info.total).toBeGreaterThan(0);
    expect(page.conteudo.produtos.every((p) => p.filtros.some((f) => f.label === 'Preto Fosco'))).toBe(true);
    const value = page.conteudo.detalhes.filtros[0]?.valores.find((v) => v.label === 'Preto Fosco');
    expect(value?.ativo).toBe(true);
    expect(value?.quantidade).toBe(page.info.total);
  });

  test('price range and discount filters', async () => {
    const byPrice = await category('preco=100-250&limit=100');
    expect(byPrice.info.total).toBeGreaterThan(0);
    expect(byPrice.conteudo.produtos.every((p) => p.precos.por >= 100 && p.precos.por < 250)).toBe(true);
    const byDiscount = await category('descontoPrecoPor=30&limit=100');
    expect(byDiscount.info.total).toBeGreaterThan(0);
    expect(byDiscount.conteudo.produtos.every((p) => 1 - p.precos.por / p.precos.de >= 0.295)).toBe(true);
  });

  test('filters combine, and facet counts ignore their own filter', async () => {
    const both = await category('filtro=cromado&preco=100-250&limit=100');
    const onlyFinish = await category('filtro=cromado&limit=1');
    expect(both.info.total).toBeLessThanOrEqual(onlyFinish.info.total);
    const range = both.conteudo.detalhes.filtrosPreco.find((r) => r.de === 100);
    expect(range?.ativo).toBe(true);
    expect(range?.url).toBe(`${ORIGIN}/cozinha/?filtro=cromado&ipp=100`);
  });

  test('an unknown brand or finish matches nothing instead of failing', async () => {
    expect((await category("marca=nao'existe&limit=1")).info.total).toBe(0);
    expect((await category('filtro=%25&limit=1')).info.total).toBe(0);
  });

  test.each(['preco=barato', 'descontoPrecoPor=cem'])('malformed filter %s is a 400', async (q) => {
    const res = await store.request(`/v2/front/url/product/listing/category?url=/cozinha/&${q}`);
    expect(res.status).toBe(400);
  });
});

describe('other listings', () => {
  test('brand listing', async () => {
    const page = await store.getJson(
      '/v2/front/url/product/listing/brand?url=/marcas/fontana',
      listingSchema,
    );
    expect(page.conteudo.marca?.nome).toBe('Fontana');
    expect(page.conteudo.produtos.every((p) => p.marca.nome === 'Fontana')).toBe(true);
    expect(page.estrutura.breadcrumb.map((b) => b.label)).toEqual(['Início', 'Marcas', 'Fontana']);
  });

  test('landing page follows its rule', async () => {
    const page = await store.getJson(
      '/v2/front/url/product/listing/landing-page?url=/c/ofertas&limit=100',
      listingSchema,
    );
    expect(page.conteudo.landingPage?.nome).toBe('Ofertas');
    expect(page.info.total).toBeGreaterThan(0);
    expect(page.conteudo.produtos.every((p) => 1 - p.precos.por / p.precos.de >= 0.295)).toBe(true);
  });

  test('a category endpoint given a brand URL is a 404', async () => {
    expect((await store.request('/v2/front/url/product/listing/category?url=/marcas/fontana')).status).toBe(
      404,
    );
  });

  test('a category lists its sub-categories in detalhes', async () => {
    const page = await category('limit=1');
    expect(page.conteudo.detalhes.categorias.filhas.map((c) => c.nome)).toEqual([
      'Torneiras',
      'Misturadores',
      'Cubas',
      'Filtros',
    ]);
  });
});

describe('cache warm-up', () => {
  test('warming fills the counts and first pages of every category', async () => {
    const db = store.database.db;
    clearListingCaches(db);
    const taxonomy = await getTaxonomy(db);
    expect(await warmListings(db, taxonomy)).toBe(taxonomy.categories.length);
    expect(catalogCaches(db).facets.size).toBe(taxonomy.categories.length);
    expect(catalogCaches(db).pages.size).toBe(taxonomy.categories.length);
  });
});

describe('storefront URLs', () => {
  test("an unknown order inside a storefront URL is the default order (the shopper's link still works)", async () => {
    const res = await store.request(
      `/v2/front/url/product/listing/category?url=${encodeURIComponent('/cozinha/?order=bogus')}&limit=2`,
    );
    expect(res.status).toBe(200);
    const page = listingSchema.parse(await res.json());
    expect(page.conteudo.detalhes.ordenacao.find((o) => o.atual)?.label).toBe('Mais Vendidos');
  });
});
