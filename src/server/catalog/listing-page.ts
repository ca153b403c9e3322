import { eq } from 'drizzle-orm';
import type { Order } from '#/contract/listing.ts';
import type { ListingPage } from '#/contract/page.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { runListing } from './listing.ts';
import type { Filters, Scope } from './listing.ts';
import { estrutura } from './page.ts';
import type { PricePolicy } from './price-policy.ts';
import type { Taxonomy } from './taxonomy.ts';
import type { Query } from './urls.ts';

/** What the shopper asked of a listing, validated once by the route: the page, its size, order and filters. */
export type ListingControls = { offset: number; limit: number; order: Order; filters: Filters };

type Entity = { id: number; nome: string; descricao: string; descricaoLonga: string };

/** One listing page to build: what it lists, where it lives, how it is titled, and the shopper's controls. */
export type ListingPageRequest = {
  nivel: ListingPage['estrutura']['nivel'];
  scope: Scope;
  /** Storefront path (e.g. `/cozinha/`), and query keys that always stay (e.g. `busca`). */
  basePath: string;
  baseQuery: Query;
  entity?: { key: 'categoria' | 'marca' | 'landingPage'; value: Entity } | undefined;
  trail: { label: string; path: string; name?: string }[];
  seo: { title: string; description: string; indexar?: boolean };
  /** The search's text and suggestions (search pages only); its canonical keeps the text. */
  search?: ListingPage['conteudo']['busca'] | undefined;
  controls: ListingControls;
};

export async function listingPage(
  db: Db,
  origin: string,
  taxonomy: Taxonomy,
  policy: PricePolicy,
  request: ListingPageRequest,
): Promise<ListingPage> {
  const { controls, scope, basePath, seo } = request;
  const result = await runListing(db, taxonomy, {
    ...controls,
    scope,
    basePath,
    baseQuery: request.baseQuery,
    origin,
    policy,
  });
  const filtered = Object.values(controls.filters).some((v) => v.length > 0);
  const page = Math.floor(controls.offset / controls.limit) + 1;
  const canonical = request.search
    ? `/busca?busca=${encodeURIComponent(request.search.texto)}`
    : basePath + (page > 1 ? `?pg=${String(page)}` : '');
  return {
    estrutura: await estrutura(
      db,
      origin,
      request.nivel,
      {
        ...seo,
        title: page > 1 ? `${seo.title} - Página ${String(page)}` : seo.title,
        canonical,
        // Filtered, re-ordered and search pages are not indexed; plain pagination is.
        indexar: (seo.indexar ?? true) && !filtered && controls.order === 'Mais Vendidos',
      },
      request.trail,
    ),
    conteudo: {
      produtos: result.produtos,
      busca: request.search ?? { texto: '', sugestao: [], titulo: '' },
      layoutPersonalizado: { layout: '', codigoCss: '' },
      ...(request.entity ? { [request.entity.key]: request.entity.value } : {}),
      detalhes: { ...result.detalhes, categorias: categoryTree(taxonomy, scope, origin) },
    },
    info: result.info,
  };
}

/** A landing page's row (its listing rule, name and text), or a 404. */
export async function findLandingPage(db: Db, id: number) {
  const [lp] = await db.select().from(t.landingPages).where(eq(t.landingPages.id, id));
  if (!lp) throw notFound();
  return lp;
}

/** The category links around a listing: ancestors, itself, siblings and children (departments elsewhere). */
function categoryTree(taxonomy: Taxonomy, scope: Scope, origin: string) {
  const link = (id: number) => {
    const cat = taxonomy.categoryById.get(id);
    return cat
      ? [
          {
            id: cat.id,
            nome: cat.name,
            rota: {
              name: 'product/listing/category',
              route: cat.path,
              path: cat.path,
              params: {},
              query: {},
            },
            url: origin + cat.path,
          },
        ]
      : [];
  };
  if (scope.kind !== 'category') {
    return {
      niveisAnteriores: [],
      atual: [],
      irmas: [],
      filhas: taxonomy.categories.filter((c) => c.level === 1).flatMap((c) => link(c.id)),
    };
  }
  const lineage = taxonomy.lineage(scope.id);
  const current = lineage.at(-1);
  return {
    niveisAnteriores: lineage.slice(0, -1).flatMap((c) => link(c.id)),
    atual: link(scope.id),
    irmas: taxonomy.categories
      .filter((c) => c.parentId === (current?.parentId ?? null) && c.id !== scope.id)
      .flatMap((c) => link(c.id)),
    filhas: taxonomy.categories.filter((c) => c.parentId === scope.id).flatMap((c) => link(c.id)),
  };
}
