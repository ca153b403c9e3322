import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Banner, Showcase } from '#/contract/store.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { ShowcaseRule } from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { bannerImage } from '#/server/catalog/media-urls.ts';
import type { PricePolicy } from '#/server/catalog/price-policy.ts';
import { loadProdutos, relatedProductIds } from '#/server/catalog/products.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { fillSettings } from './fill.ts';
import { loadSettings } from './settings.ts';

/**
 * The banners of a place (`hash`), of one menu level when `levelId` is given: those switched on, started and
 * not ended.
 */
export async function loadBanners(
  db: Db,
  origin: string,
  { hash, levelId, limit }: { hash: string; levelId?: number | undefined; limit: number },
): Promise<Banner[]> {
  const [rows, settings] = await Promise.all([
    db
      .select()
      .from(t.banners)
      .where(
        and(
          eq(t.banners.hash, hash),
          ...(levelId !== undefined ? [eq(t.banners.levelId, levelId)] : []),
          eq(t.banners.active, true),
          or(isNull(t.banners.startsAt), lte(t.banners.startsAt, new Date())),
          or(isNull(t.banners.endsAt), gt(t.banners.endsAt, new Date())),
        ),
      )
      .orderBy(t.banners.position)
      .limit(limit),
    loadSettings(db),
  ]);
  const link = (path: string) => (path.startsWith('/') ? origin + path : path);
  return rows.map((b) => ({
    id: b.id,
    nome: b.name,
    titulo: fillSettings(b.title, settings),
    target: '',
    ordem: b.position,
    fim: b.endsAt?.toISOString() ?? '',
    dimensoes: {
      desktop: {
        link: link(b.link),
        ...bannerImage(origin, b.id, 'desktop', b.desktopImage),
        largura: b.desktopSize[0] ?? 0,
        altura: b.desktopSize[1] ?? 0,
      },
      mobile: {
        link: link(b.link),
        ...bannerImage(origin, b.id, 'mobile', b.mobileImage),
        largura: b.mobileSize[0] ?? 0,
        altura: b.mobileSize[1] ?? 0,
      },
    },
  }));
}

/** The showcases on the home, in the team's order. */
export async function homeShowcases(db: Db): Promise<{ hash: string; titulo: string }[]> {
  const rows = await db
    .select({ hash: t.showcases.hash, titulo: t.showcases.title })
    .from(t.showcases)
    .where(isNotNull(t.showcases.homePosition))
    .orderBy(asc(t.showcases.homePosition), asc(t.showcases.id));
  return rows;
}

/** Which products a showcase shows: a curated one by hash, or one computed for a product page. */
export type ShowcaseRequest =
  | { kind: 'related'; productId: number; limit: number }
  | { kind: 'seen'; seen: number[]; current: number | undefined; limit: number }
  | { kind: 'curated'; hash: string; limit: number };

export async function loadShowcase(
  db: Db,
  origin: string,
  policy: PricePolicy,
  request: ShowcaseRequest,
): Promise<Showcase> {
  let ids: number[];
  let vitrine: Showcase['vitrine'];
  if (request.kind === 'related') {
    ids = await relatedProductIds(db, request.productId, request.limit);
    vitrine = { id: 0, nivel: 'produto', titulo: 'Você também pode gostar', tagTitulo: 'h2' };
  } else if (request.kind === 'seen') {
    ids = [...new Set(request.seen)].filter((id) => id !== request.current).slice(0, request.limit);
    vitrine = { id: 0, nivel: 'produto', titulo: 'Vistos recentemente', tagTitulo: 'h2' };
  } else {
    const [row] = await db.select().from(t.showcases).where(eq(t.showcases.hash, request.hash));
    if (!row) throw notFound('Vitrine não encontrada.');
    ids = row.rule
      ? await liveShowcaseIds(db, row.rule, request.limit)
      : row.productIds.slice(0, request.limit);
    vitrine = { id: row.id, nivel: 'home', titulo: row.title, tagTitulo: row.tag };
  }
  const produtos = await loadProdutos(db, origin, await getTaxonomy(db), policy, ids);
  return { vitrine, produtos };
}

/** What a live showcase sorts by: the products that sold most, the largest discounts, the newest. */
const RULE_ORDER: Record<ShowcaseRule, SQL[]> = {
  'mais-vendidos': [desc(t.products.sales), asc(t.products.id)],
  ofertas: [desc(t.products.discount), asc(t.products.id)],
  lancamentos: [desc(t.products.createdAt), desc(t.products.id)],
};

/**
 * A live showcase's products as the catalogue stands now: on sale and in stock (an offer with a discount),
 * sorted by its rule. The home's page cache keeps the answer until the catalogue changes.
 */
async function liveShowcaseIds(db: Db, rule: ShowcaseRule, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: t.products.id })
    .from(t.products)
    .where(
      and(
        eq(t.products.active, true),
        gt(t.products.stock, 0),
        ...(rule === 'ofertas' ? [gt(t.products.discount, 0)] : []),
      ),
    )
    .orderBy(...RULE_ORDER[rule])
    .limit(limit);
  return rows.map((r) => r.id);
}
