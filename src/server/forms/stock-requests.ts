// One concern: "Avise-me". Shoppers waiting for a sold-out finish, and the one e-mail each gets when its
// stock is back (from the staff API, an import or a cancelled order returning stock: whatever changed it).
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StockRequest } from '#/contract/forms.ts';
import { productPath } from '#/server/catalog/urls.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import type { Mailer } from '#/server/mail/mailer.ts';

/**
 * Keep a shopper's request for a sold-out finish. The same e-mail asking again while it waits keeps the one
 * request (the answer is the same, so it tells nobody who asked before). A finish in stock is a 409: buy it.
 */
export async function requestStockNotice(db: Db, request: StockRequest, origin: string): Promise<void> {
  const [variant] = await db
    .select({ stock: t.variants.stock })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(
      and(
        eq(t.variants.id, request.idAtributoValor),
        eq(t.variants.productId, request.idProduto),
        eq(t.products.active, true),
      ),
    );
  if (!variant) throw notFound('Produto não encontrado.');
  if (variant.stock > 0)
    throw new PlatformError(409, 'in_stock', 'Este acabamento está disponível: é só comprar.');
  await db
    .insert(t.stockRequests)
    .values({
      productId: request.idProduto,
      variantId: request.idAtributoValor,
      name: request.nome,
      email: request.email,
      origin,
    })
    .onConflictDoNothing();
}

/** How many waiting requests one round e-mails at most (the next round takes the rest). */
const ROUND = 200;

/**
 * E-mail every shopper whose finish is back in stock, once: each request is claimed (marked sent) in one
 * conditional UPDATE before its e-mail goes, so two instances sweeping together never send it twice.
 * Returns how many were sent.
 */
export async function notifyRestocked(db: Db, mailer: Mailer): Promise<number> {
  const claimed = await db
    .update(t.stockRequests)
    .set({ notifiedAt: sql`now()` })
    .where(
      // `notified_at is null` again on the row itself: a sweep that waited on another's claim skips it.
      sql`${t.stockRequests.notifiedAt} is null and ${t.stockRequests.id} in (${db
        .select({ id: t.stockRequests.id })
        .from(t.stockRequests)
        .innerJoin(t.variants, eq(t.variants.id, t.stockRequests.variantId))
        .innerJoin(t.products, eq(t.products.id, t.variants.productId))
        .where(and(isNull(t.stockRequests.notifiedAt), gt(t.variants.stock, 0), eq(t.products.active, true)))
        .limit(ROUND)})`,
    )
    .returning();
  if (claimed.length === 0) return 0;
  const { nomeLoja } = await loadSettings(db);
  for (const request of claimed) {
    const [row] = await db
      .select({
        name: t.products.name,
        slug: t.products.slug,
        sku: t.variants.sku,
        finish: t.variants.finishLabel,
      })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .where(eq(t.variants.id, request.variantId));
    if (!row) continue;
    const link = `${request.origin}${productPath(row.slug)}?sku=${encodeURIComponent(row.sku)}`;
    await mailer.send({
      kind: 'aviso-de-estoque',
      to: request.email,
      subject: `Chegou: ${row.name} – ${row.finish}`,
      text: [
        `Olá, ${request.name.split(/\s+/)[0] ?? ''}!`,
        '',
        `${row.name} no acabamento ${row.finish} voltou ao estoque da ${nomeLoja}. Garanta o seu:`,
        '',
        link,
        '',
        'Você recebe este aviso uma vez, porque pediu "Avise-me quando chegar". O estoque é limitado.',
      ].join('\n'),
    });
  }
  return claimed.length;
}
