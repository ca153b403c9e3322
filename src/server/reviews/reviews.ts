// One concern: product reviews as shoppers meet them. A customer writes one per product; approved ones are
// listed, and the product's average and count (`products.rating_avg/rating_count`) follow them.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ProductReviewRequest, ReviewList, ReviewQuery, ReviewSituacao } from '#/contract/review.ts';
import { productPath } from '#/server/catalog/urls.ts';
import type { Db } from '#/server/db/client.ts';
import { isUniqueViolation } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import type { ReviewStatus } from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';

export const SITUACAO: Record<ReviewStatus, ReviewSituacao> = {
  pending: 'pendente',
  approved: 'aprovada',
  rejected: 'recusada',
};

/** Orders in these statuses make a review "Compra verificada": paid for, and not cancelled. */
const BOUGHT = ['paid', 'shipped', 'delivered'];

/** Whether the customer has an order with this product that is paid (or on its way, or delivered). */
export async function hasBought(db: Db, customerId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(t.orderItems)
    .innerJoin(t.orders, eq(t.orders.number, t.orderItems.orderNumber))
    .where(
      and(
        eq(t.orders.customerId, customerId),
        eq(t.orderItems.productId, productId),
        inArray(t.orders.status, BOUGHT),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A product on sale: one taken off sale is out of the storefront, its reviews and the writing of one too. */
async function productOf(db: Db, productId: number) {
  const [product] = await db
    .select({ id: t.products.id, name: t.products.name, slug: t.products.slug })
    .from(t.products)
    .where(and(eq(t.products.id, productId), eq(t.products.active, true)));
  if (!product) throw notFound('Produto não encontrado.');
  return product;
}

/**
 * Keep a customer's review of a product, waiting for the team. One per customer and product: a second is
 * a 409 that says so (the first stays as it was).
 */
export async function writeReview(db: Db, customerId: number, review: ProductReviewRequest): Promise<void> {
  await productOf(db, review.idProduto);
  try {
    await db.insert(t.productReviews).values({
      productId: review.idProduto,
      customerId,
      name: review.nome,
      rating: review.nota,
      comment: review.comentario,
      recommends: review.recomenda,
      verified: await hasBought(db, customerId, review.idProduto),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new PlatformError(
      409,
      'already_reviewed',
      'Você já avaliou este produto. Obrigado! Cada cliente avalia um produto uma vez.',
    );
  }
}

const shown = (productId: number) =>
  and(eq(t.productReviews.productId, productId), eq(t.productReviews.status, 'approved'));

/**
 * A product's approved reviews, a page at a time (newest or oldest first, optionally one star count),
 * with the product's average, how many there are of each star count, and the caller's own review.
 */
export async function listReviews(db: Db, query: ReviewQuery, customerId?: number): Promise<ReviewList> {
  const product = await productOf(db, query.idProduto);
  const where = and(
    shown(query.idProduto),
    query.nota === undefined ? undefined : eq(t.productReviews.rating, query.nota),
  );
  const created = query.order === 'ASC' ? asc(t.productReviews.createdAt) : desc(t.productReviews.createdAt);
  const [rows, stars, mine, [rating]] = await Promise.all([
    query.limit === 0
      ? []
      : db
          .select()
          .from(t.productReviews)
          .where(where)
          .orderBy(created, query.order === 'ASC' ? asc(t.productReviews.id) : desc(t.productReviews.id))
          .offset(query.offset)
          .limit(query.limit),
    db
      .select({
        rating: t.productReviews.rating,
        reviews: count(),
        recommend: sql<number>`count(*) filter (where ${t.productReviews.recommends})`.mapWith(Number),
      })
      .from(t.productReviews)
      .where(shown(query.idProduto))
      .groupBy(t.productReviews.rating),
    customerId === undefined
      ? []
      : db
          .select()
          .from(t.productReviews)
          .where(
            and(eq(t.productReviews.productId, query.idProduto), eq(t.productReviews.customerId, customerId)),
          ),
    db
      .select({ avg: t.products.ratingAvg, count: t.products.ratingCount })
      .from(t.products)
      .where(eq(t.products.id, query.idProduto)),
  ]);
  const notas = [1, 2, 3, 4, 5].map((n) => stars.find((s) => s.rating === n)?.reviews ?? 0);
  const own = mine[0];
  return {
    avaliacoes: rows.map((r) => ({
      id: r.id,
      nome: r.name,
      nota: r.rating,
      comentario: r.comment,
      recomenda: r.recommends,
      data: r.createdAt.toISOString(),
      compraVerificada: r.verified,
    })),
    media: Math.round((rating?.avg ?? 0) * 100) / 100,
    quantidade: rating?.count ?? 0,
    total: query.nota === undefined ? notas.reduce((a, b) => a + b, 0) : (notas[query.nota - 1] ?? 0),
    notas,
    recomendam: stars.reduce((sum, s) => sum + s.recommend, 0),
    produto: { id: product.id, nome: product.name, url: productPath(product.slug) },
    ...(own
      ? { minha: { nota: own.rating, situacao: SITUACAO[own.status], data: own.createdAt.toISOString() } }
      : {}),
  };
}
