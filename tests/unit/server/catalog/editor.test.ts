import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { cartSchema } from '#/contract/cart.ts';
import { listingSchema, productPageSchema, verifySchema } from '#/contract/page.ts';
import { sitemapSchema } from '#/contract/sitemap.ts';
import { staffProductSchema } from '#/contract/staff-products.ts';
import type { ProductInput, StaffProduct } from '#/contract/staff-products.ts';
import * as t from '#/server/db/schema.ts';
import { ADMIN_TOKEN, newSession, startPlatform, withFailingTrigger } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/** The product editor: one product read whole, changed whole or created, and what the storefront then shows. */

let store: TestPlatform;
const staff = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };

beforeAll(async () => {
  store = await startPlatform(40);
});
afterAll(() => store.stop());

async function call(method: string, path: string, body?: unknown) {
  const res = await store.request(`/v2/admin/products${path}`, {
    method,
    headers: staff,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const load = async (id: number): Promise<StaffProduct> => {
  const { status, body } = await call('GET', `/${String(id)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return staffProductSchema.parse(body);
};
/** The form as the editor shows it, ready to send back. */
const asInput = (p: StaffProduct['produto']): ProductInput => ({
  nome: p.nome,
  endereco: p.endereco,
  marca: p.marca,
  categoria: p.categoria,
  resumo: p.resumo,
  descricao: p.descricao,
  ativo: p.ativo,
  seoTitulo: p.seoTitulo,
  seoDescricao: p.seoDescricao,
  acabamentos: p.acabamentos.map((f) => ({ ...f })),
});
const firstId = async () =>
  (await store.database.db.select({ id: t.products.id }).from(t.products).orderBy(t.products.id).limit(1))[0]
    ?.id ?? 0;
const verify = async (path: string) => {
  const res = await store.request(`/v2/front/url/verify?url=${encodeURIComponent(path)}`);
  return res.status === 200 ? verifySchema.parse(await res.json()) : res.status;
};
const page = (path: string) =>
  store.getJson(`/v2/front/url/product/detail?url=${encodeURIComponent(path)}`, productPageSchema);
const searchIds = async (words: string) =>
  (
    await store.getJson(
      `/v2/front/url/product/listing/search?busca=${encodeURIComponent(words)}&limit=100`,
      listingSchema,
    )
  ).conteudo.produtos.map((p) => p.id);
const history = async (id: number) =>
  activityListSchema.parse(
    await (
      await store.request(`/v2/admin/activity?entidade=produto&id=${String(id)}`, { headers: staff })
    ).json(),
  ).atividades;

describe('one product, whole', () => {
  test('read with its finishes and what the form offers; an unknown or odd id is a 404', async () => {
    const { produto, marcas, categorias, opcoesAcabamento } = await load(await firstId());
    expect(produto.caminho).toBe(`/${produto.endereco}.html`);
    expect(produto.acabamentos.length).toBeGreaterThan(0);
    expect(marcas.some((m) => m.id === produto.marca)).toBe(true);
    expect(categorias.some((c) => c.id === produto.categoria)).toBe(true);
    expect(opcoesAcabamento.map((o) => o.slug)).toContain(produto.acabamentos[0]?.acabamento);
    for (const odd of ['999999', 'abc', '0', '1e3', '99999999999'])
      expect((await call('GET', `/${odd}`)).status, odd).toBe(404);
  });

  test('a change reaches the storefront: price, stock, SEO, and the record says before → after', async () => {
    const id = await firstId();
    const { produto } = await load(id);
    const input = asInput(produto);
    const finish = input.acabamentos[0] as ProductInput['acabamentos'][number];
    Object.assign(finish, { precoDe: 899.9, precoPor: 749.5, estoque: 7, pesoGramas: 1800, alturaCm: 30 });
    input.seoTitulo = 'Torneira para cozinha gourmet com entrega rápida';
    input.seoDescricao = 'Compre com frete rápido e Pix.';
    input.descricao = '<p onclick="roubar()">Metal <strong>maciço</strong><script>alert(1)</script></p>';
    const saved = await call('PUT', `/${String(id)}`, input);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = (await load(id)).produto;
    expect(after.acabamentos[0]).toMatchObject({
      precoPor: 749.5,
      estoque: 7,
      pesoGramas: 1800,
      alturaCm: 30,
    });
    expect(after.descricao).toBe('<p>Metal <strong>maciço</strong></p>');
    await expect
      .poll(async () => (await page(produto.caminho)).estrutura.seo.title)
      .toMatch(/^Torneira para cozinha gourmet com entrega rápida \| /);
    const shown = await page(`${produto.caminho}?sku=${encodeURIComponent(finish.sku)}`);
    expect(shown.conteudo.precos.por).toBe(749.5);
    const [change] = await history(id);
    expect(change).toMatchObject({ acao: 'produto.alterar', autor: 'token', idEntidade: String(id) });
    expect(change?.antes).toMatchObject({ seoTitulo: produto.seoTitulo });
    expect(change?.depois).toMatchObject({ seoTitulo: input.seoTitulo, [`${finish.sku} preço por`]: 749.5 });
    expect(change?.depois).not.toHaveProperty('nome');
  });

  test('a new address answers, and the old one moves there with the query kept (301 by the storefront)', async () => {
    const id = await firstId();
    const { produto } = await load(id);
    const input = { ...asInput(produto), endereco: `${produto.endereco}-nova` };
    expect((await call('PUT', `/${String(id)}`, input)).status).toBe(200);
    expect(await verify(produto.caminho)).toEqual({
      nivel: 'product/detail',
      destino: `/${input.endereco}.html`,
    });
    expect(await verify(`/${input.endereco}.html`)).toEqual({ nivel: 'product/detail' });
    expect((await load(id)).produto.enderecosAntigos).toEqual([produto.caminho]);
    // And back: the first address is live again, the second one now moves.
    expect((await call('PUT', `/${String(id)}`, asInput(produto))).status).toBe(200);
    expect(await verify(produto.caminho)).toEqual({ nivel: 'product/detail' });
    expect(await verify(`/${input.endereco}.html`)).toMatchObject({ destino: produto.caminho });
  });
});

describe('switched off, a product leaves the storefront but stays for the team', () => {
  test('no page, listing, search, sitemap or cart; back when switched on', async () => {
    const rows = await store.database.db.select().from(t.products).orderBy(t.products.id).limit(3);
    const p = rows[2] as (typeof rows)[number];
    const { produto } = await load(p.id);
    const [variant] = await store.database.db.select().from(t.variants).where(eq(t.variants.productId, p.id));
    const session = { Session: newSession(), 'Content-Type': 'application/json' };
    const add = async () => {
      const res = await store.request('/v2/front/checkout/cart', {
        method: 'POST',
        headers: session,
        body: JSON.stringify({
          tipo: 'produto',
          itens: [
            {
              idProduto: p.id,
              idAtributoSimples: variant?.id,
              idUnidadeVenda: 0,
              idArmazem: 0,
              quantidade: 1,
            },
          ],
        }),
      });
      return cartSchema.parse(await res.json());
    };
    const inSitemap = async () =>
      (await store.getJson('/v2/front/sitemap/produtos?offset=0&limit=100', sitemapSchema)).urls.some((u) =>
        u.loc.endsWith(produto.caminho),
      );
    // Stock, so that "sold out" is not what hides it.
    const input = asInput(produto);
    for (const f of input.acabamentos) f.estoque = 5;
    expect((await call('PUT', `/${String(p.id)}`, input)).status).toBe(200);
    expect((await add()).quantidadeTotal).toBe(1);
    expect(await searchIds(p.name)).toContain(p.id);
    expect(await inSitemap()).toBe(true);

    expect((await call('PUT', `/${String(p.id)}`, { ...input, ativo: false })).status).toBe(200);
    expect(await verify(produto.caminho)).toBe(404);
    await expect.poll(() => searchIds(p.name)).not.toContain(p.id);
    expect(await inSitemap()).toBe(false);
    // The line already in the cart is unavailable, and adding more says so.
    const cart = await add();
    expect(cart.itens[0]?.estoque).toBe(0);
    expect(cart.mensagens.map((m) => m.mensagem).join(' ')).toMatch(/indisponível/);
    expect((await load(p.id)).produto.ativo).toBe(false);
    // Nor can it join a shopper's favourites.
    const shopper = { Session: newSession(), 'Content-Type': 'application/json' };
    await store.loginAs(shopper.Session, { name: 'Bia Lima' });
    const favourite = await store.request('/v2/front/wishlist/add', {
      method: 'POST',
      headers: shopper,
      body: JSON.stringify({
        idProduto: p.id,
        idAtributoSimples: 0,
        idUnidadeVenda: 0,
        quantidade: 1,
        parametroAdicional: '',
      }),
    });
    expect(favourite.status).toBe(404);

    expect((await call('PUT', `/${String(p.id)}`, input)).status).toBe(200);
    expect(await verify(produto.caminho)).toEqual({ nivel: 'product/detail' });
    await expect.poll(() => searchIds(p.name)).toContain(p.id);
  });
});

describe('a new product', () => {
  test('created with two finishes: on its page, in search, priced by its first finish in stock', async () => {
    const { produto: model, marcas, categorias } = await load(await firstId());
    const input: ProductInput = {
      nome: 'Cuba Esculpida Quarzo Lumen',
      endereco: 'cuba-esculpida-quarzo-lumen',
      marca: marcas[0]?.id ?? 0,
      categoria: categorias[0]?.id ?? 0,
      resumo: 'Cuba de apoio esculpida em quartzo.',
      descricao: '<p>Feita à mão.</p>',
      ativo: true,
      seoTitulo: '',
      seoDescricao: '',
      acabamentos: [
        { sku: 'LUMEN-BR', acabamento: 'branco', precoDe: 1200, precoPor: 990, estoque: 0, ...noMeasures },
        {
          sku: 'LUMEN-PF',
          acabamento: 'preto-fosco',
          precoDe: 1300,
          precoPor: 1090,
          estoque: 4,
          ...noMeasures,
        },
      ],
    };
    expect(model.id).toBeGreaterThan(0);
    const created = await call('POST', '', input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { produto } = staffProductSchema.parse(created.body);
    expect(produto.acabamentos.map((f) => f.sku)).toEqual(['LUMEN-BR', 'LUMEN-PF']);
    const shown = await page('/cuba-esculpida-quarzo-lumen.html');
    expect(shown.conteudo.nome).toBe(input.nome);
    expect(shown.conteudo.precos.por).toBe(1090);
    await expect.poll(() => searchIds('quarzo lumen')).toContain(produto.id);
    expect((await history(produto.id))[0]).toMatchObject({ acao: 'produto.criar', antes: null });
    // No specifications: the page has no "Especificações" group to show empty.
    expect(shown.conteudo.caracteristicas).toEqual([]);
  });

  test('an address left empty is made from the name, numbered when taken; specifications reach the page', async () => {
    const { marcas, categorias } = await load(await firstId());
    const input = (sku: string): ProductInput => ({
      nome: 'Misturador Água Fria & Quente',
      endereco: '',
      marca: marcas[0]?.id ?? 0,
      categoria: categorias[0]?.id ?? 0,
      resumo: '',
      descricao: '',
      ativo: true,
      seoTitulo: '',
      seoDescricao: '',
      especificacoes: [
        { nome: 'Material', valor: 'Latão' },
        { nome: 'Garantia', valor: '5 anos' },
      ],
      acabamentos: [{ sku, acabamento: 'cromado', precoDe: 500, precoPor: 450, estoque: 3, ...noMeasures }],
    });
    const first = await call('POST', '', input('MIST-1'));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await call('POST', '', input('MIST-2'));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const [a, b] = [first, second].map((r) => staffProductSchema.parse(r.body).produto);
    expect(a?.endereco).toBe('misturador-agua-fria-quente');
    expect(b?.endereco).toBe('misturador-agua-fria-quente-2');
    expect(a?.especificacoes).toEqual([
      { nome: 'Material', valor: 'Latão' },
      { nome: 'Garantia', valor: '5 anos' },
    ]);
    const shown = await page('/misturador-agua-fria-quente.html');
    expect(shown.conteudo.caracteristicas[0]?.itens.map((i) => `${i.label}: ${i.valor}`)).toEqual([
      'Material: Latão',
      'Garantia: 5 anos',
    ]);
    // A save that does not send them leaves them; an empty line of name without value is refused by its line.
    const { especificacoes: _kept, ...withoutSpecs } = input('MIST-1');
    const saved = await call('PUT', `/${String(a?.id)}`, {
      ...withoutSpecs,
      endereco: a?.endereco,
      acabamentos: a?.acabamentos,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(staffProductSchema.parse(saved.body).produto.especificacoes).toHaveLength(2);
    const refused = await call('PUT', `/${String(a?.id)}`, {
      ...input('MIST-1'),
      endereco: a?.endereco,
      acabamentos: a?.acabamentos,
      especificacoes: [{ nome: 'Material', valor: '' }],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('especificacoes.0.valor');
  });
});

const noMeasures = { pesoGramas: null, alturaCm: null, larguraCm: null, comprimentoCm: null };

describe('refusals say what is wrong, by the field, and change nothing', () => {
  test('bad fields, taken address and SKU, a dropped finish, a finish of another product', async () => {
    const [a, b] = await store.database.db.select().from(t.products).orderBy(t.products.id).limit(2);
    const { produto } = await load(a?.id ?? 0);
    const other = (await load(b?.id ?? 0)).produto;
    const records = (await history(produto.id)).length;
    const base = asInput(produto);
    const finish0 = base.acabamentos[0] as ProductInput['acabamentos'][number];
    const cases: [unknown, string, RegExp][] = [
      [{ ...base, nome: 'x' }, 'nome', /pelo menos 3/],
      [{ ...base, endereco: 'Com Espaço' }, 'endereco', /minúsculas/],
      [{ ...base, endereco: other.endereco }, 'endereco', /Outro produto/],
      [{ ...base, marca: 999999 }, 'marca', /Marca não encontrada/],
      [{ ...base, categoria: 'x' }, 'categoria', /número inteiro/],
      [{ ...base, seoTitulo: 'a'.repeat(71) }, 'seoTitulo', /70/],
      [{ ...base, ativo: 'sim' }, 'ativo', /verdadeiro ou falso/],
      [{ ...base, acabamentos: [] }, 'acabamentos', /pelo menos um/],
      [
        { ...base, acabamentos: [{ ...finish0, precoPor: finish0.precoDe + 1 }] },
        'acabamentos.0.precoPor',
        /maior/,
      ],
      [{ ...base, acabamentos: [{ ...finish0, precoDe: 10.001 }] }, 'acabamentos.0.precoDe', /centavos/],
      [{ ...base, acabamentos: [{ ...finish0, estoque: -1 }] }, 'acabamentos.0.estoque', /inválido/],
      [{ ...base, acabamentos: [{ ...finish0, sku: 'com espaço' }] }, 'acabamentos.0.sku', /SKU/],
      [{ ...base, acabamentos: [{ ...finish0, acabamento: 'ouro' }] }, 'acabamentos.0.acabamento', /lista/],
      [
        { ...base, acabamentos: [{ ...finish0, sku: other.acabamentos[0]?.sku }] },
        'acabamentos.0.sku',
        /outro produto/,
      ],
      [
        { ...base, acabamentos: [{ ...finish0, id: other.acabamentos[0]?.id }] },
        'acabamentos.0.id',
        /não é deste produto/,
      ],
      [
        { ...base, acabamentos: [...base.acabamentos, { ...finish0, id: undefined }] },
        `acabamentos.${String(base.acabamentos.length)}.sku`,
        /duas vezes/,
      ],
    ];
    if (base.acabamentos.length > 1)
      cases.push([
        { ...base, acabamentos: base.acabamentos.slice(1) },
        'acabamentos',
        /não pode ser apagado/,
      ]);
    for (const [body, field, why] of cases) {
      const { status, body: answer } = await call('PUT', `/${String(produto.id)}`, body);
      expect(status, field).toBe(400);
      expect(
        (answer['erros'] as Record<string, string>)[field],
        `${field}: ${JSON.stringify(answer)}`,
      ).toMatch(why);
    }
    expect((await call('PUT', `/${String(produto.id)}`, 'texto')).status).toBe(400);
    expect((await call('PUT', '/999999', base)).status).toBe(404);
    expect((await load(produto.id)).produto).toEqual(produto);
    expect(await history(produto.id)).toHaveLength(records);
  });

  test('a form opened before another save is refused (409) and saves nothing; without versao it saves', async () => {
    const id = await firstId();
    const { produto } = await load(id);
    const opened = { ...asInput(produto), versao: produto.versao };
    expect((await call('PUT', `/${String(id)}`, { ...opened, resumo: 'Primeira mudança.' })).status).toBe(
      200,
    );
    const stale = await call('PUT', `/${String(id)}`, { ...opened, resumo: 'Segunda, de uma página velha.' });
    expect(stale.status).toBe(409);
    expect(String(stale.body['mensagem'])).toMatch(/depois que você abriu a página/);
    expect((await load(id)).produto.resumo).toBe('Primeira mudança.');
    const fresh = (await load(id)).produto;
    expect((await call('PUT', `/${String(id)}`, { ...asInput(fresh), versao: fresh.versao })).status).toBe(
      200,
    );
  });

  test('the change and its record are one: a record that cannot be written leaves the product as it was', async () => {
    const id = await firstId();
    const { produto } = await load(id);
    await withFailingTrigger(store.database.db, 'no_audit', 'INSERT', 'audit_log', async () => {
      const res = await call('PUT', `/${String(id)}`, { ...asInput(produto), nome: 'Nome Que Não Fica' });
      expect(res.status).toBeGreaterThanOrEqual(500);
    });
    expect((await load(id)).produto.nome).toBe(produto.nome);
  });
});
