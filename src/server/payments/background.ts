import { errorCode } from '#/server/db/health.ts';
import type { MercadoPagoContext } from './mercadopago/reconcile.ts';
import { sweepMercadoPago } from './mercadopago/sweep.ts';
import type { PixContext } from './pix-reconcile.ts';
import { sweepPixCharges } from './sweep.ts';

/** How often open Pix charges are read again (one instance at a time: sweep.ts). */
export const PIX_SWEEP_EVERY_MS = 60_000;
/** How often Mercado Pago is asked about orders still waiting on it (its notices are retried by it too). */
export const MERCADOPAGO_SWEEP_EVERY_MS = 10 * 60_000;

const every = (ms: number, run: () => Promise<unknown>) => {
  const timer = setInterval(() => {
    void run();
  }, ms);
  timer.unref();
  return timer;
};

/**
 * The payment sweeps of the providers configured when each round comes (the panel may switch one on or off
 * meanwhile); a failed round (database or provider away) waits for the next.
 */
export function sweepPaymentsInBackground(
  providers: () => { pix?: PixContext | undefined; mercadoPago?: MercadoPagoContext | undefined },
): () => void {
  const timers: NodeJS.Timeout[] = [];
  const each =
    <T>(of: () => T | undefined, run: (ctx: T) => Promise<void>) =>
    async () => {
      const ctx = of();
      if (ctx) await run(ctx);
    };
  timers.push(
    every(
      PIX_SWEEP_EVERY_MS,
      each(
        () => providers().pix,
        (pix) =>
          sweepPixCharges(pix).then(
            (report) => {
              if (
                report &&
                (report.paid || report.refunded || report.removed || report.failed || report.refundsWorked)
              )
                console.log(`[pix] sweep: ${JSON.stringify(report)}`);
            },
            (error: unknown) => {
              console.error(`[pix] sweep skipped (${errorCode(error)}); trying again next minute`);
            },
          ),
      ),
    ),
  );
  timers.push(
    every(
      MERCADOPAGO_SWEEP_EVERY_MS,
      each(
        () => providers().mercadoPago,
        (mercadoPago) =>
          sweepMercadoPago(mercadoPago, MERCADOPAGO_SWEEP_EVERY_MS - 5000).then(
            (report) => {
              if (report && (report.moved || report.failed || report.refundsWorked))
                console.log(`[mercadopago] sweep: ${JSON.stringify(report)}`);
            },
            (error: unknown) => {
              console.error(`[mercadopago] sweep skipped (${errorCode(error)}); trying again later`);
            },
          ),
      ),
    ),
  );
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
