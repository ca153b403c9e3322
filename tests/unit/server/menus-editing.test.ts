import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { menuDetailSchema, menuListSchema } from '#/contract/menus.ts';
import { menuSchema } from '#/contract/store.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The menus as the team edits them: texts, links, order, new and removed entries, submenus kept, roles. */

let store: TestPlatform;
let content: { token: string };
let catalogue: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  content = await member('conteudo@menus.test', 'conteudo');
  catalogue = await member('catalogo@menus.test', 'catalogo');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const send = (method: string, path: string, body?: unknown, token = content.token) =>
  admin(`/menus${path}`, { method, body, headers: as(token) });
const detail = async (path: string) => menuDetailSchema.parse(await (await send('GET', path)).json());
/** The menu as the store serves it. */
const served = async (hash: string) =>
  menuSchema.parse(await (await store.request(`/v2/front/struct/menus/${hash}`)).json()).menu;

describe('menus in the panel', () => {
  test('owners and the content role edit them; the catalogue role gets a 403, a guest a 401', async () => {
    const list = menuListSchema.parse(await (await send('GET', '')).json());
    expect(list.menus.map((m) => m.hash)).toContain('footer-ajuda');
    expect((await send('GET', '', undefined, catalogue.token)).status).toBe(403);
    expect((await admin('/menus')).status).toBe(401);
    expect((await send('GET', '/nao-existe')).status).toBe(404);
    expect((await send('PUT', '/nao-existe', { itens: [] })).status).toBe(404);
  });

  test('the footer’s links become the owner’s: one changed, one removed, one added, order as sent', async () => {
    const before = await detail('/footer-ajuda');
    const [first, ...rest] = before.menu.itens;
    const external = rest.find((i) => i.link.startsWith('https://'));
    expect(first && external).toBeTruthy();
    const kept = rest.filter((i) => i !== external);
    const itens = [
      { id: null, texto: 'Garantia da loja', link: '/institucional/garantia' },
      ...kept.map((i) => ({ id: i.id, texto: i.texto, link: i.link })),
      { id: first?.id ?? null, texto: 'Fale com a gente', link: first?.link ?? '/' },
      { id: null, texto: 'Nosso Instagram', link: 'https://www.instagram.com/metaisdovale', novaAba: true },
    ];
    const res = await send('PUT', '/footer-ajuda', { itens });
    expect(res.status).toBe(200);
    const after = menuDetailSchema.parse(await res.json());
    expect(after.menu.itens.map((i) => i.texto)).toEqual(itens.map((i) => i.texto));
    expect(after.menu.itens[1]?.id).toBe(kept[0]?.id);
    const menu = await served('footer-ajuda');
    expect(menu.map((i) => i.label)).toEqual(itens.map((i) => i.texto));
    expect(menu.some((i) => i.link.includes('troquefacil'))).toBe(false);
    expect(menu.at(-1)).toMatchObject({ target: '_blank', link: 'https://www.instagram.com/metaisdovale' });
    expect(after.historico[0]).toMatchObject({
      acao: 'menu.alterar',
      entidade: 'menu',
      idEntidade: 'footer-ajuda',
    });
    expect(after.historico[0]?.mudancas[0]?.depois).toContain('Garantia da loja → /institucional/garantia');
  });

  test('a department keeps its submenu when renamed and moved; a new link to a category is one', async () => {
    const before = await detail('/menu-principal');
    const [a, b] = before.menu.itens;
    expect(a?.submenu).toBeGreaterThan(0);
    const res = await send('PUT', '/menu-principal', {
      itens: [
        { id: b?.id, texto: b?.texto, link: b?.link },
        { id: a?.id, texto: `${a?.texto ?? ''} e mais`, link: a?.link },
        ...before.menu.itens.slice(2).map((i) => ({ id: i.id, texto: i.texto, link: i.link })),
      ],
    });
    expect(res.status).toBe(200);
    const menu = await served('menu-principal');
    expect(menu[0]?.label).toBe(b?.texto);
    expect(menu[1]?.label).toBe(`${a?.texto ?? ''} e mais`);
    expect(menu[1]?.sub.length).toBe(a?.submenu);
    expect(menu[1]?.rota).toMatchObject({ name: 'product/listing/category' });
  });

  test('bad entries are refused under their row and change nothing; the promo bar keeps only formatting', async () => {
    const before = await served('footer-institucional');
    const res = await send('PUT', '/footer-institucional', {
      itens: [
        { texto: 'Quem somos', link: '/institucional/quem-somos' },
        { texto: '', link: 'javascript:alert(1)' },
        { texto: '<b>negrito</b>', link: '//outro.site' },
      ],
    });
    expect(res.status).toBe(400);
    const { erros } = (await res.json()) as { erros: Record<string, string> };
    expect(Object.keys(erros).sort()).toEqual(['itens.1.link', 'itens.1.texto', 'itens.2.link']);
    const tags = await send('PUT', '/footer-institucional', { itens: [{ texto: '<b>x</b>', link: '/' }] });
    expect(((await tags.json()) as { erros: Record<string, string> }).erros['itens.0.texto']).toMatch(
      /só texto/,
    );
    expect(await served('footer-institucional')).toEqual(before);
    expect(
      (await send('PUT', '/footer-institucional', { itens: new Array(31).fill({ texto: 'x', link: '/' }) }))
        .status,
    ).toBe(400);

    const bar = await send('PUT', '/pitchbar-topo-home', {
      itens: [
        {
          texto: '<strong>Frete grátis</strong> acima de {frete-gratis}<script>alert(1)</script>',
          link: '/c/frete-gratis',
        },
      ],
    });
    expect(bar.status).toBe(200);
    const [promo] = await served('pitchbar-topo-home');
    expect(promo?.label).toMatch(/^<strong>Frete grátis<\/strong> acima de R\$\s?[\d.,]+$/);
    expect(JSON.stringify(await served('pitchbar-topo-home'))).not.toContain('script');
  });
});
