import { errorCode } from '#/server/db/health.ts';
import type { PixContext } from './pix-reconcile.ts';
import { sweepPixCharges } from './sweep.ts';

/** How often open Pix charges are read again (one instance at a time: sweep.ts). */
export const PIX_SWEEP_EVERY_MS = 60_000;

/** Sweep the open Pix charges every minute; a failed round (database or PSP away) waits for the next. */
export function sweepPixInBackground(ctx: PixContext): () => void {
  const every = setInterval(() => {
    sweepPixCharges(ctx)
      .then((report) => {
        if (report && (report.paid || report.refunded || report.removed || report.failed))
          console.log(`[pix] sweep: ${JSON.stringify(report)}`);
      })
      .catch((error: unknown) => {
        console.error(`[pix] sweep skipped (${errorCode(error)}); trying again next minute`);
      });
  }, PIX_SWEEP_EVERY_MS);
  every.unref();
  return () => {
    clearInterval(every);
  };
}
