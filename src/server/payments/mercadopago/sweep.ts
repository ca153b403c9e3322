// One concern: Mercado Pago's notices can be lost too: every few minutes, one instance looks up the payments
// of each order still waiting on Mercado Pago and of each paid order due to be read again (recheck.ts), and
// works the refunds that are due.
import { and, asc, eq } from 'drizzle-orm';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { workDueRefunds } from '#/server/payments/refund-ledger.ts';
import { dueRechecks, recheckDone } from '#/server/payments/recheck.ts';
import { stillWorthReading, takeLease } from '#/server/payments/sweep.ts';
import { MERCADOPAGO } from './provider.ts';
import { mercadoPagoLedger, reconcilePayment } from './reconcile.ts';
import type { MercadoPagoContext } from './reconcile.ts';

/** Orders looked up per sweep at most (the oldest first). */
const BATCH = 100;

export type MercadoPagoSweep = { looked: number; moved: number; refundsWorked: number; failed: number };

/** One sweep, or `undefined` when another instance holds it (a lease of `leaseMs`). */
export async function sweepMercadoPago(
  ctx: MercadoPagoContext,
  leaseMs: number,
): Promise<MercadoPagoSweep | undefined> {
  const { db } = ctx;
  if (!(await takeLease(db, 'mercadopago-sweep', leaseMs))) return undefined;
  const report: MercadoPagoSweep = { looked: 0, moved: 0, refundsWorked: 0, failed: 0 };
  const open = await db
    .select({ number: t.orders.number, details: t.orders.paymentDetails })
    .from(t.orders)
    .where(and(eq(t.orders.provider, MERCADOPAGO), eq(t.orders.chargeState, 'ativa'), stillWorthReading))
    .orderBy(asc(t.orders.number))
    .limit(BATCH);
  for (const order of open) {
    report.looked += 1;
    try {
      const known = (order.details as Details).pagamentos ?? {};
      report.moved += await readPayments(ctx, order.number, known);
    } catch (error) {
      report.failed += 1;
      console.error(
        `[mercadopago] order ${String(order.number)}: payments not looked up (${errorCode(error)})`,
      );
    }
  }
  // Paid orders due to be read again: a chargeback, or a second payment whose notice was lost.
  for (const number of await dueRechecks(db, MERCADOPAGO)) {
    report.looked += 1;
    try {
      // Every payment, even one whose status the store knows: a won dispute changes only its detail.
      report.moved += await readPayments(ctx, number, {});
      await recheckDone(db, number, true);
    } catch (error) {
      report.failed += 1;
      await recheckDone(db, number, false);
      console.error(
        `[mercadopago] order ${String(number)}: paid payments not read again (${errorCode(error)})`,
      );
    }
  }
  report.refundsWorked = (await workDueRefunds(mercadoPagoLedger(ctx))).worked;
  return report;
}

type Details = { pagamentos?: Record<string, string> };

/** Look up the order's payments and read each whose status the store has not seen yet; how many moved it. */
async function readPayments(
  ctx: MercadoPagoContext,
  number: number,
  known: Record<string, string>,
): Promise<number> {
  let moved = 0;
  for (const payment of await ctx.mp.paymentsOf(String(number)))
    if (known[String(payment.id)] !== payment.status)
      if ((await reconcilePayment(ctx, String(payment.id), number)) !== 'unchanged') moved += 1;
  return moved;
}
