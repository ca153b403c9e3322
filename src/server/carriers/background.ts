// One concern: following the labelled parcels in the background (one instance at a time).
import { errorCode } from '#/server/db/health.ts';
import { takeLease } from '#/server/payments/sweep.ts';
import type { TrackingContext } from './tracking.ts';
import { followParcels } from './tracking.ts';

/** How often the parcels on their way are read again (carriers update a few times a day). */
export const TRACKING_EVERY_MS = 15 * 60_000;

export function followParcelsInBackground(ctx: TrackingContext | undefined): () => void {
  if (!ctx) return () => undefined;
  const timer = setInterval(() => {
    void (async () => {
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
