import { eq, inArray } from 'drizzle-orm';
import type { ListDetailPage, ListListingPage } from '#/contract/page.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { estrutura } from './page.ts';
import type { PricePolicy } from './price-policy.ts';
import { loadProdutos } from './products.ts';
import type { Taxonomy } from './taxonomy.ts';
import { absolute, listPath, rota } from './urls.ts';

/** Curated product lists (`/lista`): the index, and one list with its products. */

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

export async function loadListIndex(db: Db, origin: string): Promise<ListListingPage> {
  const rows = await db.select().from(t.lists).orderBy(t.lists.id);
  return {
    estrutura: await estrutura(
      db,
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
}

/** One list with the products that still exist, in the list's order. */
export async function loadListDetail(
  db: Db,
  origin: string,
  taxonomy: Taxonomy,
  policy: PricePolicy,
  id: number,
): Promise<ListDetailPage> {
  const [list] = await db.select().from(t.lists).where(eq(t.lists.id, id));
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
    policy,
    list.productIds.filter((productId) => existing.includes(productId)),
  );
  const path = listPath(list.slug);
  return {
    estrutura: await estrutura(
      db,
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
}
