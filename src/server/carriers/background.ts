// One concern: following the labelled parcels in the background (one instance at a time).
import { errorCode } from '#/server/db/health.ts';
import { takeLease } from '#/server/payments/sweep.ts';
import type { TrackingContext } from './tracking.ts';
import { followParcels } from './tracking.ts';

/** How often the parcels on their way are read again (carriers update a few times a day). */
export const TRACKING_EVERY_MS = 15 * 60_000;

/** While a shipping provider is set (the panel may set one meanwhile), read its parcels again. */
export function followParcelsInBackground(of: () => TrackingContext | undefined): () => void {
  const timer = setInterval(() => {
    void (async () => {
      const ctx = of();
      if (!ctx) return;
      if (!(await takeLease(ctx.db, 'rastreio', TRACKING_EVERY_MS - 5000))) return;
      const moved = await followParcels(ctx);
      if (moved) console.log(`[rastreio] ${String(moved)} pedidos atualizados pela transportadora`);
    })().catch((error: unknown) => {
      console.error(`[rastreio] skipped (${errorCode(error)}); trying again later`);
    });
  }, TRACKING_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
