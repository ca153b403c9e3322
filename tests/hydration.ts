/**
 * Watching the islands wake up, shared by the e2e suite and the page benchmark. Both functions run in
 * the page (`addInitScript`, `waitForFunction`).
 */

/** Count the islands that said they are ready (`late:ready`, see src/islands/shared/ready.ts). */
export function countReadyIslands(): void {
  const w = window as Window & { __ready?: number };
  w.__ready = 0;
  addEventListener('late:ready', () => {
    w.__ready = (w.__ready ?? 0) + 1;
  });
}

/** Every island meant for this screen (its media query, if any, matches) is hydrated. */
export function islandsHydrated(): boolean {
  const expected = [...document.querySelectorAll('astro-island')].filter((island) => {
    const opts = JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown };
    return typeof opts.value !== 'string' || !opts.value || matchMedia(opts.value).matches;
  }).length;
  return ((window as Window & { __ready?: number }).__ready ?? 0) >= expected;
}
