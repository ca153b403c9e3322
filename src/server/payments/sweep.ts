// One concern: the minute's look at every dynamic Pix still open, so a lost webhook delays a payment by a
// minute, never forever, and a charge of a cancelled order stops being payable.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { PIX_API } from './pix-charge.ts';
import { pixLedger, reconcilePix } from './pix-reconcile.ts';
import { recheckPix } from './pix-taken-back.ts';
import { dueRechecks, recheckDone } from './recheck.ts';
import { workDueRefunds } from './refund-ledger.ts';
import type { Outcome, PixContext } from './pix-reconcile.ts';

/** Charges read per sweep at most (the oldest first); the rest wait for the next minute. */
export const SWEEP_BATCH = 200;
const LEASE_MS = 55_000;
const instance = randomUUID();

/**
 * Hold `name` for `ms` unless another holder's time is still running: one instance at a time does the
 * work, and a crashed holder's lease simply runs out. Returns whether this instance holds it now.
 */
export async function takeLease(db: Db, name: string, ms: number, holder = instance): Promise<boolean> {
  const until = sql`now() + ${`${String(ms)} milliseconds`}::interval`;
  const rows = await db
    .insert(t.leases)
    .values({ name, holder, until })
    .onConflictDoUpdate({
      target: t.leases.name,
      set: { holder, until },
      setWhere: sql`${t.leases.until} < now() OR ${t.leases.holder} = ${holder}`,
    })
    .returning({ holder: t.leases.holder });
  return rows.length > 0;
}

/**
 * A charge is read while its order waits, and for a day after it expired (time enough for a Pix paid at the
 * last second, or a removal the PSP refused once); past that a charge that cannot be read is left alone
 * rather than read every minute forever, ahead of newer ones.
 */
export const stillWorthReading = sql`(${t.orders.status} = 'awaiting_payment' OR ${t.orders.expiresAt} > now() - interval '1 day')`;

export type SweepReport = Record<Outcome | 'failed' | 'refundsWorked' | 'rechecked' | 'takenBack', number>;

/**
 * Read again every charge still `ativa` (orders waiting for their Pix, and cancelled ones whose charge is
 * not yet removed), and the paid charges due to be read again (recheck.ts), then work the refunds that are due. `undefined` when another instance holds the sweep.
 */
export async function sweepPixCharges(ctx: PixContext): Promise<SweepReport | undefined> {
  const { db } = ctx;
  if (!(await takeLease(db, 'pix-sweep', LEASE_MS))) return undefined;
  const report: SweepReport = {
    paid: 0,
    refunded: 0,
    removed: 0,
    unchanged: 0,
    failed: 0,
    refundsWorked: 0,
    rechecked: 0,
    takenBack: 0,
  };
  const open = await db
    .select({ number: t.orders.number })
    .from(t.orders)
    .where(and(eq(t.orders.chargeState, 'ativa'), eq(t.orders.provider, PIX_API), stillWorthReading))
    .orderBy(asc(t.orders.number))
    .limit(SWEEP_BATCH);
  for (const { number } of open) {
    try {
      report[await reconcilePix(ctx, number)] += 1;
    } catch (error) {
      report.failed += 1;
      console.error(`[pix] order ${String(number)}: charge not read (${errorCode(error)})`);
    }
  }
  // Paid charges due to be read again: a devolução the store never asked for (the MED) is a take-back.
  for (const number of await dueRechecks(db, PIX_API)) {
    try {
      report.takenBack += await recheckPix(ctx, number);
      report.rechecked += 1;
      await recheckDone(db, number, true);
    } catch (error) {
      report.failed += 1;
      await recheckDone(db, number, false);
      console.error(`[pix] order ${String(number)}: paid charge not read again (${errorCode(error)})`);
    }
  }
  // Refunds asked and not yet final, or not yet asked: each when its next try is due (refund-ledger.ts).
  const refunds = await workDueRefunds(pixLedger(ctx));
  report.refundsWorked = refunds.worked;
  return report;
}
