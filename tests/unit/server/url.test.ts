import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import {
  homeSchema,
  institutionalSchema,
  listDetailSchema,
  listListingSchema,
  productPageSchema,
  verifySchema,
} from '#/contract/page.ts';
import { listingSchema } from '#/contract/page.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
let productPath: string;
beforeAll(async () => {
  store = await startPlatform();
  const listing = await store.getJson(
    '/v2/front/url/product/listing/category?url=/cozinha/&limit=1',
    listingSchema,
  );
  productPath = listing.conteudo.produtos[0]?.rota.path ?? '';
});
afterAll(() => store.stop());

const verify = (url: string) => store.request(`/v2/front/url/verify?url=${encodeURIComponent(url)}`);

describe('url/verify', () => {
  test.each([
    ['/', 'home'],
    ['/busca', 'product/listing/search'],
    ['/cozinha/', 'product/listing/category'],
    ['/cozinha', 'product/listing/category'],
    ['/cozinha/torneiras/torneiras-de-mesa/', 'product/listing/category'],
    ['/marcas/fontana', 'product/listing/brand'],
    ['/c/ofertas', 'product/listing/landing-page'],
    ['/lista', 'list/listing'],
    ['/lista/cozinha-completa.html', 'list/detail'],
    ['/institucional/quem-somos', 'page'],
    ['/cozinha/?pg=2&order=A-Z', 'product/listing/category'],
  ])('%s is %s', async (url, nivel) => {
    const res = await verify(url);
    expect(res.status).toBe(200);
    expect(verifySchema.parse(await res.json()).nivel).toBe(nivel);
  });

  test('a product page resolves', async () => {
    expect(productPath).toMatch(/^\/[a-z0-9-]+\.html$/);
    expect(verifySchema.parse(await (await verify(productPath)).json()).nivel).toBe('product/detail');
  });

  test.each(['/nao-existe/', '/produto-que-nao-existe.html', '/c/nada', '/marcas/ninguem', '/lista/x.html'])(
    '%s is a 404',
    async (url) => {
      const res = await verify(url);
      expect(res.status).toBe(404);
      expect(errorSchema.parse(await res.json()).mensagem).toBe('Página não encontrada.');
    },
  );

  test.each([
    ['/../etc/passwd', /\.\./],
    ['/cozinha/%2e%2e/', /\.\./],
    ['/a%2fb/', /barras/],
    ['/a%ZZ', /codificação/],
    ['/a%00b', /codificados inválidos/],
    ['/a\u0000b', /caracteres inválidos/],
    ['cozinha', /começa com \//],
    ['//evil.test/', /começa com \//],
    [`/${'a'.repeat(2000)}`, /longo/],
  ])('hostile url %s is a 400 with a message', async (url, message) => {
    const res = await store.request(`/v2/front/url/verify?url=${encodeURIComponent(url)}`);
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(message);
  });

  test('a missing url parameter is a 400', async () => {
    const res = await store.request('/v2/front/url/verify');
    expect(res.status).toBe(400);
  });
});

describe('pages', () => {
  test('home has SEO and a Home breadcrumb', async () => {
    const home = await store.getJson('/v2/front/url/home', homeSchema);
    expect(home.estrutura.nivel).toBe('home');
    expect(home.estrutura.seo.canonical).toBe(`${ORIGIN}/`);
    expect(home.estrutura.breadcrumb[0]?.label).toBe('Início');
  });

  test('an institutional page has its title and HTML', async () => {
    const page = await store.getJson(
      '/v2/front/url/page?url=/institucional/trocas-e-devolucoes',
      institutionalSchema,
    );
    expect(page.conteudo.titulo).toBe('Trocas e devoluções');
    expect(page.conteudo.conteudo).toMatch(/7 dias/);
    expect(page.estrutura.breadcrumb.map((b) => b.label)).toEqual(['Início', 'Trocas e devoluções']);
  });

  test('a page endpoint refuses a URL of another kind', async () => {
    const res = await store.request('/v2/front/url/page?url=/cozinha/');
    expect(res.status).toBe(404);
  });
});

describe('product detail', () => {
  test('has variants, prices, specs and an absolute canonical', async () => {
    const page = await store.getJson(`/v2/front/url/product/detail?url=${productPath}`, productPageSchema);
    const p = page.conteudo;
    expect(page.estrutura.nivel).toBe('product/detail');
    expect(page.estrutura.seo.canonical).toBe(`${ORIGIN}${productPath}`);
    expect(page.estrutura.breadcrumb.map((b) => b.label).slice(0, 2)).toEqual(['Início', 'Cozinha']);
    expect(p.precos.por).toBeLessThanOrEqual(p.precos.de);
    expect(p.precos.vista).toBeCloseTo(p.precos.por * 0.9, 2);
    // Out of the box the checkout takes Pix alone: no installments (payments.test.ts has a provider's).
    expect(p.precos.parcelamento).toEqual([]);
    expect(p.precos.textoVista).toBe('no Pix');
    // No customer has reviewed anything in a new store: no rating to show or publish (issue 24).
    expect(p.avaliacao).toEqual({ media: 0, quantidade: 0 });
    expect(p.caracteristicas[0]?.itens.map((i) => i.label)).toEqual(
      expect.arrayContaining(['Material', 'Garantia', 'Pressão', 'Dimensões']),
    );
    const values = p.atributos.simples?.valores ?? [];
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((v) => v.selecionado)).toHaveLength(1);
    for (const img of p.midias.imagens) {
      expect(img.arquivos.medium).toMatch(/^https:\/\/loja\.test\/arquivos\/produtos\/.+\.webp$/);
      expect(img.arquivosOriginais.medium).toMatch(/\.jpg$/);
    }
  });

  test('?sku= selects that finish, with its own price and stock', async () => {
    const base = await store.getJson(`/v2/front/url/product/detail?url=${productPath}`, productPageSchema);
    const last = base.conteudo.atributos.simples?.valores.at(-1);
    if (!last) throw new Error('no variants');
    const page = await store.getJson(
      `/v2/front/url/product/detail?url=${encodeURIComponent(`${productPath}?sku=${last.sku}`)}`,
      productPageSchema,
    );
    const chosen = page.conteudo.atributos.simples?.valores.find((v) => v.selecionado);
    expect(chosen?.sku).toBe(last.sku);
    expect(page.conteudo.sku).toBe(last.sku);
    expect(page.conteudo.precos.por).toBe(last.precos.por);
    expect(page.conteudo.estoque).toBe(last.estoque);
  });

  test('an unknown product is a 404', async () => {
    expect((await store.request('/v2/front/url/product/detail?url=/nao-existe.html')).status).toBe(404);
  });
});

describe('lists', () => {
  test('list listing and list detail', async () => {
    const lists = await store.getJson('/v2/front/url/list/listing?url=/lista', listListingSchema);
    expect(lists.conteudo.listas.map((l) => l.nome)).toContain('Cozinha completa');
    const detail = await store.getJson(
      '/v2/front/url/list/detail?url=/lista/cozinha-completa.html',
      listDetailSchema,
    );
    expect(detail.conteudo.tipo).toBe('aberta');
    expect(detail.conteudo.produtos.length).toBeGreaterThan(0);
  });
});
