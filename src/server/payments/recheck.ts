// One concern: a provider's paid charge is read again for months after payment, spaced out, because what
// happens to it later may never be notified (a chargeback, a Pix returned through the MED, a second payment
// whose notice was lost). The sweeps (sweep.ts, mercadopago/sweep.ts) read the ones due.
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

/**
 * Hours between the reads of a paid charge, the first counted from the payment: an hour, six hours, a day,
 * three days, a week, two weeks, then monthly up to about seven months (card disputes come up to 180 days).
 */
export const RECHECK_HOURS = [1, 6, 24, 72, 168, 336, 720, 1440, 2160] as const;

/** Paid charges read per sweep at most, the most overdue first; the rest wait for the next sweep. */
export const RECHECK_BATCH = 50;

const hoursArray = sql.raw(`array[${RECHECK_HOURS.join(',')}]`);

/** The columns that start the reads of an order just paid through a provider. */
export const firstRecheck = () => ({
  recheckAt: sql`now() + ${`${String(RECHECK_HOURS[0])} hours`}::interval`,
  rechecks: 0,
});

/** The orders of `provider` whose paid charge is due to be read again. */
export async function dueRechecks(db: Db, provider: string, limit = RECHECK_BATCH): Promise<number[]> {
  const rows = await db
    .select({ number: t.orders.number })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.provider, provider),
        isNotNull(t.orders.recheckAt),
        lte(t.orders.recheckAt, sql`now()`),
      ),
    )
    .orderBy(asc(t.orders.recheckAt))
    .limit(limit);
  return rows.map((r) => r.number);
}

/**
 * After a read of order `number`'s paid charge: the next one after its delay, or none after the last. A read
 * that failed is tried again in an hour, without counting.
 */
export async function recheckDone(db: Db, number: number, read: boolean): Promise<void> {
  await db
    .update(t.orders)
    .set(
      read
        ? {
            rechecks: sql`${t.orders.rechecks} + 1`,
            recheckAt: sql`case when ${t.orders.rechecks} + 1 < ${RECHECK_HOURS.length} then now() + make_interval(hours => (${hoursArray})[${t.orders.rechecks} + 2]) else null end`,
          }
        : { recheckAt: sql`now() + interval '1 hour'` },
    )
    .where(eq(t.orders.number, number));
}
