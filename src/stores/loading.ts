import { atom } from 'nanostores';

/**
 * The top loading bar (spec sections 4 and 9): shown when a request has run for THROTTLE_MS, its
 * progress creeps towards 90% over DURATION_MS, then 100% when the last request ends, hidden
 * HIDE_DELAY_MS later; a failed request marks it failed.
 */
export const THROTTLE_MS = 200;
export const DURATION_MS = 5000;
export const HIDE_DELAY_MS = 500;
const TICK_MS = 100;

export type LoadingBar = { visible: boolean; percent: number; failed: boolean };
export const $loading = atom<LoadingBar>({ visible: false, percent: 0, failed: false });

let running = 0;
let failed = false;
let shown: ReturnType<typeof setTimeout> | undefined;
let ticker: ReturnType<typeof setInterval> | undefined;
let hider: ReturnType<typeof setTimeout> | undefined;

export function loadingStarted(): void {
  running += 1;
  if (running > 1) return;
  failed = false;
  clearTimeout(hider);
  shown = setTimeout(() => {
    $loading.set({ visible: true, percent: 10, failed: false });
    const step = (90 - 10) / (DURATION_MS / TICK_MS);
    ticker = setInterval(() => {
      const now = $loading.get();
      if (now.percent < 90) $loading.set({ ...now, percent: Math.min(90, now.percent + step) });
    }, TICK_MS);
  }, THROTTLE_MS);
}

export function loadingEnded(ok: boolean): void {
  if (running === 0) return;
  running -= 1;
  if (!ok) failed = true;
  if (running > 0) return;
  clearTimeout(shown);
  clearInterval(ticker);
  if (!$loading.get().visible && !failed) return;
  $loading.set({ visible: true, percent: 100, failed });
  hider = setTimeout(() => {
    $loading.set({ visible: false, percent: 0, failed: false });
  }, HIDE_DELAY_MS);
}
