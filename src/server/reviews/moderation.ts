// One concern: product reviews as the store's team moderates them (the staff API now, the back office
// next). A decision and the product's average and count change in one transaction.
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AvaliacaoAdmin, ReviewSituacao, ReviewStaffQuery } from '#/contract/review.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { ReviewStatus } from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { likeLiteral } from '#/server/lib/text.ts';
import { hasBought, SITUACAO } from './reviews.ts';

const STATUS_OF = Object.fromEntries(Object.entries(SITUACAO).map(([k, v]) => [v, k])) as Record<
  ReviewSituacao,
  ReviewStatus
>;

const columns = {
  review: t.productReviews,
  product: t.products.name,
  email: t.customers.email,
};

function toAdmin(row: {
  review: typeof t.productReviews.$inferSelect;
  product: string | null;
  email: string | null;
}): AvaliacaoAdmin {
  const r = row.review;
  return {
    id: r.id,
    idProduto: r.productId,
    produto: row.product ?? '',
    email: row.email ?? '',
    nome: r.name,
    nota: r.rating,
    comentario: r.comment,
    recomenda: r.recommends,
    data: r.createdAt.toISOString(),
    compraVerificada: r.verified,
    motivo: r.rejectReason,
    situacao: SITUACAO[r.status],
    moderadaEm: r.moderatedAt?.toISOString() ?? null,
  };
}

/**
 * Reviews in one status (the queue: oldest pending first) or all of them (newest first), of a star count or
 * matching words, a page at a time.
 */
export async function listForStaff(
  db: Db,
  query: ReviewStaffQuery,
): Promise<{ avaliacoes: AvaliacaoAdmin[]; total: number }> {
  const like = query.q ? `%${likeLiteral(query.q)}%` : undefined;
  const where = and(
    query.situacao ? eq(t.productReviews.status, STATUS_OF[query.situacao]) : undefined,
    query.nota ? eq(t.productReviews.rating, query.nota) : undefined,
    like
      ? or(
          ilike(t.products.name, like),
          ilike(t.productReviews.name, like),
          ilike(t.customers.email, like),
          ilike(t.productReviews.comment, like),
        )
      : undefined,
  );
  const oldestFirst = query.situacao === 'pendente';
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(t.productReviews)
      .leftJoin(t.products, eq(t.products.id, t.productReviews.productId))
      .leftJoin(t.customers, eq(t.customers.id, t.productReviews.customerId))
      .where(where)
      .orderBy(
        oldestFirst ? asc(t.productReviews.createdAt) : desc(t.productReviews.createdAt),
        oldestFirst ? asc(t.productReviews.id) : desc(t.productReviews.id),
      )
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ n: count() })
      .from(t.productReviews)
      .leftJoin(t.products, eq(t.products.id, t.productReviews.productId))
      .leftJoin(t.customers, eq(t.customers.id, t.productReviews.customerId))
      .where(where),
  ]);
  return { avaliacoes: rows.map(toAdmin), total: total?.n ?? 0 };
}

/** Set a product's average and count from its approved reviews (0 and 0 when there are none). */
export async function recountRating(db: Db, productId: number): Promise<void> {
  const approved = and(eq(t.productReviews.productId, productId), eq(t.productReviews.status, 'approved'));
  await db
    .update(t.products)
    .set({
      ratingAvg: sql`coalesce((select round(avg(${t.productReviews.rating}), 2) from ${t.productReviews} where ${approved}), 0)`,
      ratingCount: sql`(select count(*) from ${t.productReviews} where ${approved})`,
    })
    .where(eq(t.products.id, productId));
}

/**
 * Approve, reject or send back to the queue one review; the product's average and count follow in the
 * same transaction. Approving looks again at whether the author has bought the product since writing.
 */
export async function moderateReview(
  db: Db,
  id: number,
  situacao: ReviewSituacao,
  reason = '',
): Promise<{ before: ReviewSituacao; review: AvaliacaoAdmin }> {
  const status = STATUS_OF[situacao];
  return inTransaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(t.productReviews)
      .where(eq(t.productReviews.id, id))
      .for('update');
    if (!before) throw notFound('Avaliação não encontrada.');
    const verified =
      before.verified ||
      (status === 'approved' && (await hasBought(tx, before.customerId, before.productId)));
    await tx
      .update(t.productReviews)
      .set({ status, verified, moderatedAt: sql`now()`, rejectReason: status === 'rejected' ? reason : '' })
      .where(eq(t.productReviews.id, id));
    await recountRating(tx, before.productId);
    const [row] = await tx
      .select(columns)
      .from(t.productReviews)
      .leftJoin(t.products, eq(t.products.id, t.productReviews.productId))
      .leftJoin(t.customers, eq(t.customers.id, t.productReviews.customerId))
      .where(eq(t.productReviews.id, id));
    if (!row) throw notFound('Avaliação não encontrada.');
    return { before: SITUACAO[before.status], review: toAdmin(row) };
  });
}
