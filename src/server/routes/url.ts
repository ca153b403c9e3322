import { eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ListDetailPage, ListListingPage } from '../../contract/page.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { estrutura, plainText } from '../catalog/page.ts';
import { loadProdutoDetalhe, loadProdutos } from '../catalog/products.ts';
import { parseStoreUrl, resolvePath } from '../catalog/resolve.ts';
import { getTaxonomy } from '../catalog/taxonomy.ts';
import { absolute, listPath, pagePath, productPath, rota } from '../catalog/urls.ts';
import { STORE_SETTINGS } from '../config/store-settings.ts';
import { listing } from './listing.ts';

export const url = new Hono<PlatformEnv>();
url.route('/product/listing', listing);

async function resolve(c: Context<PlatformEnv>) {
  const { path, query } = parseStoreUrl(c.req.query('url'));
  const db = c.get('config').db;
  const taxonomy = await getTaxonomy(db);
  return { resolved: await resolvePath(db, taxonomy, path), query, taxonomy, db };
}

url.get('/verify', async (c) => {
  const { resolved } = await resolve(c);
  if (!resolved) throw notFound();
  return c.json({ nivel: resolved.nivel });
});

url.get('/home', (c) =>
  c.json({
    estrutura: estrutura(c.get('origin'), 'home', {
      title: STORE_SETTINGS.seo.title,
      description: STORE_SETTINGS.seo.description,
      canonical: '/',
    }),
    conteudo: { nome: STORE_SETTINGS.nomeLoja },
  }),
);

url.get('/page', async (c) => {
  const { resolved, db } = await resolve(c);
  if (resolved?.nivel !== 'page') throw notFound();
  const [page] = await db.select().from(t.pages).where(eq(t.pages.id, resolved.id));
  if (!page) throw notFound();
  const path = pagePath(page.slug);
  return c.json({
    estrutura: estrutura(
      c.get('origin'),
      'page',
      { title: page.title, description: plainText(page.html), canonical: path },
      [{ label: page.title, path }],
    ),
    conteudo: { id: page.id, titulo: page.title, conteudo: page.html },
  });
});

url.get('/product/detail', async (c) => {
  const { resolved, query, taxonomy, db } = await resolve(c);
  if (resolved?.nivel !== 'product/detail') throw notFound();
  const sku = c.req.query('sku') ?? query.get('sku') ?? undefined;
  const origin = c.get('origin');
  const produto = await loadProdutoDetalhe(db, origin, taxonomy, resolved.slug, sku);
  if (!produto) throw notFound();
  const lineage = taxonomy.lineage(produto.categoria.id);
  const path = productPath(resolved.slug);
  return c.json({
    estrutura: estrutura(
      origin,
      'product/detail',
      {
        title: produto.nome,
        description: plainText(produto.descricoes['curta'] ?? produto.nome),
        canonical: path,
        image: produto.midias.imagens[0]?.arquivosOriginais.big ?? '',
      },
      [
        ...lineage.map((l) => ({ label: l.name, path: l.path, name: 'product/listing/category' })),
        { label: produto.nome, path, name: 'product/detail' },
      ],
    ),
    conteudo: produto,
  });
});

const listSummary = (origin: string, l: typeof t.lists.$inferSelect) => ({
  id: l.id,
  nome: l.name,
  descricao: l.description,
  tipo: 'aberta',
  quantidadeProdutos: l.productIds.length,
  imagem: '',
  rota: rota('list/detail', listPath(l.slug), { lista: l.slug }),
  url: absolute(origin, listPath(l.slug)),
});

url.get('/list/listing', async (c) => {
  const { resolved, db } = await resolve(c);
  if (resolved?.nivel !== 'list/listing') throw notFound();
  const origin = c.get('origin');
  const rows = await db.select().from(t.lists).orderBy(t.lists.id);
  const body: ListListingPage = {
    estrutura: estrutura(
      origin,
      'list/listing',
      {
        title: 'Listas',
        description: 'Listas de produtos selecionados pela nossa equipe.',
        canonical: '/lista',
      },
      [{ label: 'Listas', path: '/lista' }],
    ),
    conteudo: { listas: rows.map((l) => listSummary(origin, l)) },
    info: {
      offset: 0,
      limit: rows.length,
      exibindo: rows.length,
      total: rows.length,
      prev: '',
      self: absolute(origin, '/lista'),
      next: '',
      filtros: {},
    },
  };
  return c.json(body);
});

url.get('/list/detail', async (c) => {
  const { resolved, taxonomy, db } = await resolve(c);
  if (resolved?.nivel !== 'list/detail') throw notFound();
  const origin = c.get('origin');
  const [list] = await db.select().from(t.lists).where(eq(t.lists.id, resolved.id));
  if (!list) throw notFound();
  const existing = list.productIds.length
    ? (
        await db.select({ id: t.products.id }).from(t.products).where(inArray(t.products.id, list.productIds))
      ).map((r) => r.id)
    : [];
  const produtos = await loadProdutos(
    db,
    origin,
    taxonomy,
    list.productIds.filter((id) => existing.includes(id)),
  );
  const path = listPath(list.slug);
  const body: ListDetailPage = {
    estrutura: estrutura(
      origin,
      'list/detail',
      { title: list.name, description: list.description, canonical: path },
      [
        { label: 'Listas', path: '/lista' },
        { label: list.name, path },
      ],
    ),
    conteudo: { ...listSummary(origin, list), produtos: produtos.map((p) => ({ ...p, quantidade: 1 })) },
  };
  return c.json(body);
});
