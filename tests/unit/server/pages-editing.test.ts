import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageDetailSchema, pageListSchema, pagePreviewSchema } from '#/contract/pages.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The institutional pages as the team edits them: drafts, publication, taking off, history, roles. */

let store: TestPlatform;
let owner: { token: string };
let content: { token: string };
let orders: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  owner = await member('dona@paginas.test', 'dono');
  content = await member('conteudo@paginas.test', 'conteudo');
  orders = await member('pedidos@paginas.test', 'pedidos');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const send = (method: string, path: string, body?: unknown, token = content.token) =>
  admin(`/pages${path}`, { method, body, headers: as(token) });
const detail = async (res: Response, status = 200) => {
  expect(res.status).toBe(status);
  return pageDetailSchema.parse(await res.json());
};
const list = async () => pageListSchema.parse(await (await send('GET', '')).json()).paginas;
const idOf = async (slug: string) => (await list()).find((p) => p.slug === slug)?.id ?? 0;
/** What the store serves at the page's address: its status, title and text. */
const served = async (slug: string) => {
  const res = await store.request(`/v2/front/url/page?url=/institucional/${slug}`);
  if (res.status !== 200) return { status: res.status, title: '', text: '', description: '' };
  const body = (await res.json()) as {
    estrutura: { seo: { title: string; description: string } };
    conteudo: { conteudo: string };
  };
  return {
    status: 200,
    title: body.estrutura.seo.title,
    description: body.estrutura.seo.description,
    text: body.conteudo.conteudo,
  };
};
const sitemapHas = async (slug: string) => {
  const res = await store.request('/v2/front/sitemap/paginas');
  return res.status === 200 && (await res.text()).includes(`/institucional/${slug}`);
};

describe('institutional pages in the panel', () => {
  test('owners and the content role edit them; orders and catalogue members get a 403, a guest a 401', async () => {
    expect((await send('GET', '', undefined, owner.token)).status).toBe(200);
    expect((await send('GET', '')).status).toBe(200);
    expect((await send('GET', '', undefined, orders.token)).status).toBe(403);
    expect((await admin('/pages')).status).toBe(401);
    // The content role reaches nothing of orders, customers or the settings.
    for (const path of ['/orders', '/customers', '/settings', '/inbox', '/staff'])
      expect((await admin(path, { headers: as(content.token) })).status, path).toBe(403);
  });

  test('a draft leaves the store as it was; publishing shows it, with its SEO, and the history says who', async () => {
    const id = await idOf('quem-somos');
    const before = await served('quem-somos');
    expect(before.status).toBe(200);
    const draft = await detail(
      await send('PUT', `/${String(id)}`, {
        acao: 'rascunho',
        titulo: 'Quem somos',
        conteudo: '<p>A Metais do Vale atende Jundiaí desde 2003.</p><script>alert(1)</script>',
        seoTitulo: 'A Metais do Vale',
        seoDescricao: 'Loja de metais em Jundiaí, com {desconto-pix} no Pix.',
      }),
    );
    expect(draft.rascunho?.conteudo).toBe('<p>A Metais do Vale atende Jundiaí desde 2003.</p>');
    expect(draft.pagina.temRascunho).toBe(true);
    expect((await served('quem-somos')).text).toBe(before.text);

    const published = await detail(
      await send('PUT', `/${String(id)}`, { ...draft.rascunho, acao: 'publicar' }, owner.token),
    );
    expect(published.rascunho).toBeNull();
    expect(published.pagina.conteudo).toBe('<p>A Metais do Vale atende Jundiaí desde 2003.</p>');
    const now = await served('quem-somos');
    expect(now.text).toContain('Metais do Vale');
    expect(now.text).not.toContain('<script');
    expect(now.title).toMatch(/^A Metais do Vale \| /);
    // The description's words are the settings' (the harness store's Pix discount is 10%).
    expect(now.description).toBe('Loja de metais em Jundiaí, com 10% no Pix.');
    expect(published.historico.map((h) => h.acaoNome)).toEqual([
      'Página publicada',
      'Rascunho da página salvo',
    ]);
    expect(published.historico[0]?.autorNome).toBe('Pessoa dono');
    expect(published.historico[1]?.autorNome).toBe('Pessoa conteudo');
    expect(published.historico[0]?.mudancas.map((m) => m.campo)).toContain('Texto');
  });

  test('a new page: refused field by field, then published at its address and in the sitemap; taken off, it is a 404', async () => {
    const bad = await send('POST', '', {
      acao: 'publicar',
      slug: 'Garantia Estendida',
      titulo: '',
      conteudo: '',
    });
    expect(bad.status).toBe(400);
    const erros = ((await bad.json()) as { erros: Record<string, string> }).erros;
    expect(Object.keys(erros).sort()).toEqual(['conteudo', 'slug', 'titulo']);
    expect(erros['slug']).toMatch(/letras minúsculas/);
    expect(await idOf('garantia-estendida')).toBe(0);

    const taken = await send('POST', '', {
      acao: 'publicar',
      slug: 'quem-somos',
      titulo: 'Outra',
      conteudo: '<p>Texto</p>',
    });
    expect(taken.status).toBe(400);
    expect(((await taken.json()) as { erros: Record<string, string> }).erros['slug']).toMatch(/Já existe/);

    const created = await detail(
      await send('POST', '', {
        acao: 'publicar',
        slug: 'garantia-estendida',
        titulo: 'Garantia estendida',
        conteudo: '<h2>Um ano a mais</h2><p>Em todas as torneiras.</p>',
      }),
      201,
    );
    expect(created.pagina.endereco).toBe('/institucional/garantia-estendida');
    expect((await served('garantia-estendida')).title).toMatch(/^Garantia estendida \| /);
    expect(await sitemapHas('garantia-estendida')).toBe(true);

    const off = await detail(
      await send('POST', `/${String(created.pagina.id)}/state`, { acao: 'tirar-do-ar' }),
    );
    expect(off.pagina.publicada).toBe(false);
    expect((await served('garantia-estendida')).status).toBe(404);
    expect(await sitemapHas('garantia-estendida')).toBe(false);
    expect(off.historico[0]?.acaoNome).toBe('Página tirada do ar');
  });

  test('a draft thrown away; a text that is nothing once cleaned is refused; nonsense is a 4xx', async () => {
    const id = await idOf('entrega');
    await send('PUT', `/${String(id)}`, { acao: 'rascunho', titulo: 'Entrega', conteudo: '<p>Rascunho</p>' });
    const discarded = await detail(
      await send('POST', `/${String(id)}/state`, { acao: 'descartar-rascunho' }),
    );
    expect(discarded.rascunho).toBeNull();

    const empty = await send('PUT', `/${String(id)}`, {
      acao: 'publicar',
      titulo: 'Entrega',
      conteudo: '<script>x()</script><style>p{}</style>',
    });
    expect(empty.status).toBe(400);
    expect((await served('entrega')).text).toContain('Entregamos');

    expect((await send('GET', '/abc')).status).toBe(404);
    expect((await send('GET', '/999999')).status).toBe(404);
    expect((await send('PUT', `/${String(id)}`, { acao: 'apagar' })).status).toBe(400);
    expect((await send('POST', `/${String(id)}/state`, { acao: 'x' })).status).toBe(400);
    expect((await send('PUT', `/${String(id)}`, 'texto')).status).toBe(400);
  });

  test('the preview shows the text as the store would: cleaned, with the settings words filled', async () => {
    const res = await send('POST', '/preview', { conteudo: '<p onclick="x()">Pix com {desconto-pix}</p>' });
    expect(res.status).toBe(200);
    expect(pagePreviewSchema.parse(await res.json()).conteudo).toBe('<p>Pix com 10%</p>');
  });
});
