import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { bannersSchema, brandsSchema, menuSchema, popupsSchema, showcaseSchema } from '#/contract/store.ts';
import type { MenuItem } from '#/contract/store.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform();
});
afterAll(() => store.stop());

const depth = (items: MenuItem[]): number =>
  items.length ? 1 + Math.max(...items.map((i) => depth(i.sub))) : 0;

describe('brands', () => {
  test('8 to 15 brands with absolute logo and listing URLs', async () => {
    const { marcas } = await store.getJson('/v2/front/brands?ativo=true', brandsSchema);
    expect(marcas.length).toBeGreaterThanOrEqual(8);
    expect(marcas.length).toBeLessThanOrEqual(15);
    for (const m of marcas) {
      expect(m.imagem).toMatch(new RegExp(`^${ORIGIN}/arquivos/marcas/.+\\.webp$`));
      expect(m.url).toBe(`${ORIGIN}${m.rota.path ?? ''}`);
      expect(m.rota.path).toMatch(/^\/marcas\/[a-z0-9-]+$/);
    }
  });
});

describe('menus', () => {
  test('pitchbar has an icon and an HTML label', async () => {
    const { menu } = await store.getJson('/v2/front/struct/menus/pitchbar-topo-home', menuSchema);
    expect(menu[0]?.label).toMatch(/<strong>/);
    expect(menu[0]?.icone).toMatch(/^https:\/\/loja\.test\/arquivos\/icones\//);
  });

  test('main menu has three levels, icons and destaque entries', async () => {
    const { menu } = await store.getJson('/v2/front/struct/menus/menu-principal', menuSchema);
    expect(menu.map((m) => m.label)).toEqual(['Cozinha', 'Banheiro', 'Área gourmet', 'Lavanderia']);
    expect(depth(menu)).toBe(3);
    const all = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...all(i.sub)]);
    expect(all(menu).some((i) => i.destaque)).toBe(true);
    expect(all(menu).some((i) => i.icone !== '')).toBe(true);
  });

  test('ambience menu has four levels; line and footer menus exist', async () => {
    const ambience = await store.getJson('/v2/front/struct/menus/main-menu-ambience', menuSchema);
    expect(depth(ambience.menu)).toBe(4);
    for (const hash of ['main-menu-line', 'footer-institucional', 'footer-ajuda', 'footer-categorias']) {
      expect((await store.getJson(`/v2/front/struct/menus/${hash}`, menuSchema)).menu.length).toBeGreaterThan(
        0,
      );
    }
    const help = await store.getJson('/v2/front/struct/menus/footer-ajuda', menuSchema);
    expect(help.menu.map((m) => m.label)).toContain('Troque Fácil');
  });

  test('an unknown menu is a 404', async () => {
    const res = await store.request('/v2/front/struct/menus/nao-existe');
    expect(res.status).toBe(404);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/Menu/);
  });
});

describe('banners', () => {
  test('home banners have desktop and mobile images', async () => {
    const { banners } = await store.getJson('/v2/front/showcase/banners/banner-principal', bannersSchema);
    expect(banners.length).toBe(3);
    expect(banners[0]?.dimensoes.desktop.imagem).toMatch(/-desktop\.webp$/);
    expect(banners[0]?.dimensoes.mobile.imagemOriginal).toMatch(/-mobile\.jpg$/);
  });

  test('idNivel narrows to one page and limit caps the count', async () => {
    const { banners } = await store.getJson(
      '/v2/front/showcase/banners/destaque-submenu-1?idNivel=1&limit=1',
      bannersSchema,
    );
    expect(banners).toHaveLength(1);
    expect(banners[0]?.dimensoes.desktop).toMatchObject({ largura: 211, altura: 335 });
    const none = await store.getJson(
      '/v2/front/showcase/banners/destaque-submenu-1?idNivel=999',
      bannersSchema,
    );
    expect(none.banners).toEqual([]);
  });

  test('a non-numeric idNivel is a 400', async () => {
    expect((await store.request('/v2/front/showcase/banners/banner-principal?idNivel=abc')).status).toBe(400);
  });
});

describe('showcases', () => {
  test('home showcase has a title, a heading tag and products', async () => {
    const s = await store.getJson('/v2/front/showcase/products/vitrine-mais-vendidos', showcaseSchema);
    expect(s.vitrine.titulo).toBe('Mais vendidos');
    expect(s.vitrine.tagTitulo).toBe('h2');
    expect(s.produtos.length).toBe(12);
    expect(s.produtos.every((p) => p.status === 'disponivel')).toBe(true);
  });

  test('recommendations of a product exclude it', async () => {
    const s = await store.getJson(
      '/v2/front/showcase/products/produto-detalhe-indicados?productId=1&limit=8',
      showcaseSchema,
    );
    expect(s.produtos.length).toBeGreaterThan(0);
    expect(s.produtos.map((p) => p.id)).not.toContain(1);
  });

  test('last seen keeps the order given, without the current product', async () => {
    const s = await store.getJson(
      '/v2/front/showcase/products/ultimos-vistos?productId=2&seenProducts=8;9;2;5',
      showcaseSchema,
    );
    expect(s.produtos.map((p) => p.id)).toEqual([8, 9, 5]);
    expect(
      (await store.request('/v2/front/showcase/products/ultimos-vistos?seenProducts=1;abc')).status,
    ).toBe(400);
  });

  test('an unknown showcase is a 404', async () => {
    expect((await store.request('/v2/front/showcase/products/nada')).status).toBe(404);
  });
});

describe('popups', () => {
  test('home has a popup with a delay; an unknown level has none', async () => {
    const home = await store.getJson('/v2/front/struct/popup/home', popupsSchema);
    expect(home.popups[0]?.tempo).toBeGreaterThan(0);
    expect((await store.getJson('/v2/front/struct/popup/outro', popupsSchema)).popups).toEqual([]);
  });
});
