// One concern: Mercado Pago's notices can be lost too: every few minutes, one instance looks up the payments
// of each order still waiting on Mercado Pago, and works the refunds that are due.
import { and, asc, eq } from 'drizzle-orm';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { workDueRefunds } from '#/server/payments/refund-ledger.ts';
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
  const { db, mp } = ctx;
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
      const known = (order.details as { pagamentos?: Record<string, string> }).pagamentos ?? {};
      // Only a payment whose status the store has not seen yet is read again.
      for (const payment of await mp.paymentsOf(String(order.number)))
        if (known[String(payment.id)] !== payment.status)
          if ((await reconcilePayment(ctx, String(payment.id), order.number)) !== 'unchanged')
            report.moved += 1;
    } catch (error) {
      report.failed += 1;
      console.error(
        `[mercadopago] order ${String(order.number)}: payments not looked up (${errorCode(error)})`,
      );
    }
  }
  report.refundsWorked = (await workDueRefunds(mercadoPagoLedger(ctx))).worked;
  return report;
}
