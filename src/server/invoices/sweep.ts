// One concern: the invoices' minute round: NF-e in process read again, and those due at payment issued.
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { issueInvoice, PAID, refreshInvoice } from './invoices.ts';
import type { InvoiceContext } from './invoices.ts';

/** At most this many NF-e are issued or read in one round of the sweep. */
const ROUND = 20;

/**
 * The minute's round: NF-e still processing are read again, and, when the owner chose to issue at payment,
 * orders paid since then that have none are issued. Returns what it did.
 */
export async function sweepInvoices(
  ctx: InvoiceContext,
  automaticSince: Date | null,
): Promise<{ issued: number; read: number }> {
  const { db } = ctx;
  const waiting = await db
    .select({ n: t.invoices.orderNumber })
    .from(t.invoices)
    .where(and(eq(t.invoices.status, 'processando'), lt(t.invoices.updatedAt, new Date(Date.now() - 30_000))))
    .limit(ROUND);
  for (const { n } of waiting) await refreshInvoice(ctx, n).catch(() => undefined);
  let issued = 0;
  if (automaticSince) {
    const due = await db
      .selectDistinct({ n: t.orders.number })
      .from(t.orders)
      .innerJoin(t.orderEvents, eq(t.orderEvents.orderNumber, t.orders.number))
      .leftJoin(t.invoices, eq(t.invoices.orderNumber, t.orders.number))
      .where(
        and(
          inArray(t.orders.status, PAID),
          eq(t.orderEvents.status, 'paid'),
          sql`${t.orderEvents.at} >= ${automaticSince}`,
          isNull(t.invoices.orderNumber),
        ),
      )
      .limit(ROUND);
    for (const { n } of due)
      try {
        await issueInvoice(ctx, n, 'loja');
        issued++;
      } catch (error) {
        // A refusal (fields missing) is the team's to see on the order page; leave a row that says so.
        if (!(error instanceof PlatformError)) throw error;
        await db
          .insert(t.invoices)
          .values({
            orderNumber: n,
            provider: ctx.provider?.name ?? '',
            status: 'recusada',
            reason: error.message,
          })
          .onConflictDoNothing();
      }
  }
  return { issued, read: waiting.length };
}
