// One concern: the catalogue a sheet is planned against, and a plan written to it in batches.
import { sql } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { normalizeText } from '#/server/lib/text.ts';
import { kindFor, refreshSearch, refreshTotals } from '#/server/catalog/derived.ts';
import type { Actor } from '#/server/staff/audit.ts';
import type { Applicable, CatalogueState, Plan } from './plan.ts';

/** Rows written per transaction: a failure loses at most one batch, and a re-run finishes it. */
export const APPLY_BATCH = 500;

export async function loadCatalogueState(db: Db): Promise<CatalogueState> {
  const [variants, products, brands, categories, finishes] = await Promise.all([
    db
      .select({
        id: t.variants.id,
        productId: t.variants.productId,
        sku: t.variants.sku,
        finish: t.variants.finish,
        finishLabel: t.variants.finishLabel,
        listPrice: t.variants.listPrice,
        price: t.variants.price,
        stock: t.variants.stock,
        position: t.variants.position,
        ncm: t.variants.ncm,
        cest: t.variants.cest,
        origin: t.variants.origin,
        gtin: t.variants.gtin,
      })
      .from(t.variants),
    db
      .select({
        id: t.products.id,
        slug: t.products.slug,
        name: t.products.name,
        brandId: t.products.brandId,
        categoryId: t.products.categoryId,
      })
      .from(t.products),
    db.select({ id: t.brands.id, name: t.brands.name, slug: t.brands.slug }).from(t.brands),
    db
      .select({
        id: t.categories.id,
        parentId: t.categories.parentId,
        name: t.categories.name,
        path: t.categories.path,
      })
      .from(t.categories),
    db
      .select({ slug: t.finishes.slug, label: t.finishes.label })
      .from(t.finishes)
      .orderBy(t.finishes.position, t.finishes.slug),
  ]);
  return { variants, products, brands, categories, finishes };
}

type VariantChange = { id: number; stockFrom?: number | undefined } & Applicable['variantSet'];

/**
 * Many finishes changed in one statement: a field a row leaves out (null here) keeps its value. Stock is a
 * change, not a value: the sheet's count less what was read when the row was planned, added to the stock as
 * it stands in this transaction (a sale between the read and the write stays taken; never below zero).
 */
async function changeVariants(db: Db, changes: VariantChange[]): Promise<void> {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map(
      (c) =>
        sql`(${c.id}::int, ${c.finish ?? null}::text, ${c.finishLabel ?? null}::text, ${c.listPrice?.toFixed(2) ?? null}::numeric, ${c.price?.toFixed(2) ?? null}::numeric, ${c.stock ?? null}::int, ${c.stock === undefined ? null : (c.stockFrom ?? 0)}::int, ${c.ncm ?? null}::text, ${c.cest ?? null}::text, ${c.origin ?? null}::int, ${c.gtin ?? null}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${t.variants} v set
      finish = coalesce(x.finish, v.finish), finish_label = coalesce(x.finish_label, v.finish_label),
      list_price = coalesce(x.list_price, v.list_price), price = coalesce(x.price, v.price),
      stock = case when x.stock is null then v.stock else greatest(0, v.stock + x.stock - x.stock_from) end, ncm = coalesce(x.ncm, v.ncm), cest = coalesce(x.cest, v.cest),
      origin = coalesce(x.origin, v.origin), gtin = coalesce(x.gtin, v.gtin)
    from (values ${values}) as x(id, finish, finish_label, list_price, price, stock, stock_from, ncm, cest, origin, gtin)
    where v.id = x.id`);
}

/** Write one batch of accepted rows in one transaction; products created here are added to `slugIds`. */
async function applyBatch(db: Db, rows: Applicable[], slugIds: Map<string, number>, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const totals = new Set<number>();
    const search = new Set<number>();
    const changes: VariantChange[] = [];
    const additions: (typeof t.variants.$inferInsert)[] = [];
    for (const row of rows) {
      if (row.newProduct) {
        const p = row.newProduct;
        const [inserted] = await tx
          .insert(t.products)
          .values({
            slug: p.slug,
            name: p.name,
            kind: await kindFor(tx, p.categoryId),
            brandId: p.brandId,
            categoryId: p.categoryId,
            shortDescription: '',
            badgeIds: [],
            ratingAvg: 0,
            ratingCount: 0,
            sales: 0,
            createdAt: new Date(),
            listPrice: row.variantSet.listPrice ?? 0,
            price: row.variantSet.price ?? 0,
            discount: 0,
            stock: 0,
            finishes: [],
            nameKey: normalizeText(p.name),
            searchVector: sql`to_tsvector('portuguese', '')`,
          })
          .returning({ id: t.products.id });
        const id = (inserted as { id: number }).id;
        await tx
          .insert(t.productDetails)
          .values({ productId: id, ean: '', description: '', specs: [], combinations: [] });
        slugIds.set(p.slug, id);
      }
      const productId = 'id' in row.product ? row.product.id : slugIds.get(row.product.slug);
      if (productId === undefined) continue;
      if (row.productSet) {
        await tx
          .update(t.products)
          .set(row.productSet)
          .where(sql`${t.products.id} = ${productId}`);
        search.add(productId);
      }
      if (row.variantId !== undefined) {
        if (Object.keys(row.variantSet).length > 0)
          changes.push({ id: row.variantId, ...row.variantSet, stockFrom: row.stockFrom });
      } else {
        const v = row.variantSet;
        additions.push({
          productId,
          sku: row.sku,
          finish: v.finish ?? '',
          finishLabel: v.finishLabel ?? '',
          listPrice: v.listPrice ?? 0,
          price: v.price ?? 0,
          stock: v.stock ?? 0,
          position: row.position ?? 0,
          ncm: v.ncm ?? '',
          cest: v.cest ?? '',
          origin: v.origin ?? 0,
          gtin: v.gtin ?? '',
        });
      }
      totals.add(productId);
      if (row.newProduct || row.variantSet.finish) search.add(productId);
    }
    await changeVariants(tx, changes);
    if (additions.length > 0) await tx.insert(t.variants).values(additions);
    await refreshTotals(tx, [...totals]);
    await refreshSearch(tx, [...search]);
    await tx.insert(t.auditLog).values(
      rows.map((row) => ({
        actor,
        action: row.kind === 'create' ? 'planilha.criar' : 'planilha.alterar',
        entity: 'produto',
        entityId: row.sku,
        before: row.kind === 'create' ? null : Object.fromEntries(row.changes.map((c) => [c.campo, c.antes])),
        after: Object.fromEntries(row.changes.map((c) => [c.campo, c.depois])),
      })),
    );
  });
}

/** Write every accepted row of a plan, a batch per transaction, recorded as `actor`'s changes. */
export async function applyPlan(db: Db, plan: Plan, actor: Actor): Promise<void> {
  const rows = plan.rows.filter((r): r is Applicable => r.kind === 'change' || r.kind === 'create');
  const slugIds = new Map<string, number>();
  for (let i = 0; i < rows.length; i += APPLY_BATCH)
    await applyBatch(db, rows.slice(i, i + APPLY_BATCH), slugIds, actor);
}
