import type { ClientDirective } from 'astro';

/**
 * `client:late`, the one hydration directive of the store. Islands wake together at the visitor's
 * first interaction (pointer, touch, key, scroll, wheel) or, failing that, once the browser is idle
 * (waiting at most 7 s) plus 5 s on desktop or 6 s under 640 px. A click on a `[data-late-click]`
 * element before the islands are ready is held and replayed once they are, so the first tap on the
 * cart icon opens the side cart; one the islands never take is released after REPLAY_GIVE_UP_MS, and the
 * element's own default (a link, a form) happens instead.
 *
 * Astro writes this file into every page with an island, so it holds only what must run before the
 * islands wake: the wake itself, the held click and a queue of the islands Astro's runtime announces.
 * Waking loads the code of an island meant for every screen (the Shell); every island imports
 * src/islands/shared/ready.ts, which brings Astro's islands' runtime (a kept page leaves its inline copy
 * out: src/edge/island-runtime.ts) and the rest of the directive (./islands.ts): registration, islands
 * for some screens only, and the replay of the held click.
 */

const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'scroll', 'wheel'] as const;
const IDLE_MAX_MS = 7000;
const DELAY_DESKTOP_MS = 5000;
const DELAY_MOBILE_MS = 6000;
const MOBILE_MAX_WIDTH = 640;
// Long enough for a slow phone on a slow network to download and start the islands.
const REPLAY_GIVE_UP_MS = 15_000;
/** A failed code-chunk load (a deploy replaced the files) reloads the page, at most once a minute. */
const RELOAD_GUARD_MS = 60_000;
const RELOAD_KEY = 'ilhas:recarregada';

type Island = Parameters<ClientDirective>;

/** What this script and ./islands.ts share, on `window`. */
export type LateHydration = {
  /** A click held until the islands are ready. */
  held?: HTMLElement | undefined;
  /** Every island of this screen is hydrated: clicks go through. */
  ready?: boolean;
  /** Islands announced before ./islands.ts took over. */
  queue: Island[];
  /** ./islands.ts, once loaded: takes each island as Astro's runtime announces it. */
  take?: (...island: Island) => void;
  reloadOnce: () => void;
};

/** An island of every screen: its `client:late` takes no media query (its options' value is `true`). */
const EVERY_SCREEN = 'astro-island:not([opts*=\'"value":"\'])';

const state: LateHydration = ((window as unknown as { lateHydration: LateHydration }).lateHydration = {
  queue: [],
  reloadOnce() {
    try {
      if (Date.now() - Number(sessionStorage.getItem(RELOAD_KEY) ?? 0) < RELOAD_GUARD_MS) return;
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    } catch {
      return;
    }
    location.reload();
  },
});
let awake = false;

function wake(): void {
  if (awake) return;
  awake = true;
  for (const name of EVENTS) removeEventListener(name, wake, true);
  const island = document.querySelector(EVERY_SCREEN) ?? document.querySelector('astro-island');
  const url = island?.getAttribute('component-url');
  if (url) import(/* @vite-ignore */ url).catch(state.reloadOnce);
}

document.addEventListener(
  'click',
  (event) => {
    if (state.ready || state.held || !(event.target instanceof Element)) return;
    const target = event.target.closest<HTMLElement>('[data-late-click]');
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    state.held = target;
    wake();
    setTimeout(() => {
      if (state.held !== target) return;
      // Nobody took it: let the element do what it does without JavaScript.
      state.ready = true;
      state.held = undefined;
      target.click();
    }, REPLAY_GIVE_UP_MS);
  },
  true,
);
for (const name of EVENTS) addEventListener(name, wake, { capture: true, passive: true });
// The width is read once the page is idle: reading `innerWidth` while the HTML is still being parsed
// forces a layout of the half-built page (on phones, where the viewport meta is honoured).
const later = () => setTimeout(wake, innerWidth < MOBILE_MAX_WIDTH ? DELAY_MOBILE_MS : DELAY_DESKTOP_MS);
if ('requestIdleCallback' in window) requestIdleCallback(later, { timeout: IDLE_MAX_MS });
else setTimeout(later, 200);

/** Astro's runtime announces each island here; ./islands.ts decides when it loads. */
const late: ClientDirective = (...island) => {
  if (state.take) state.take(...island);
  else state.queue.push(island);
};

export default late;
