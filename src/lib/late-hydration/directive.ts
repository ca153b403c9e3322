import type { ClientDirective } from 'astro';

/**
 * `client:late`, the one hydration directive of the store. Islands wake together at the visitor's
 * first interaction (pointer, touch, key, scroll, wheel) or, failing that, once the browser is idle
 * (waiting at most 7 s) plus 5 s on desktop or 6 s under 640 px. A click on a `[data-late-click]`
 * element before the islands are ready is held and replayed once they are, so the first tap on the
 * cart icon opens the side cart. Islands say they are ready with the `late:ready` event (see
 * src/islands/shared/ready.ts); one that never does releases the click after REPLAY_GIVE_UP_MS, and the
 * element's own default (a link, a form) happens instead.
 *
 * A kept page leaves Astro's inline islands' runtime out (src/edge/island-runtime.ts): the runtime travels
 * with the islands' shared code, so as the islands wake this script loads one island's code (nothing
 * before the first interaction or the idle delay), which brings it; the runtime then registers each
 * island here.
 */

const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'scroll', 'wheel'] as const;
export const IDLE_MAX_MS = 7000;
export const DELAY_DESKTOP_MS = 5000;
export const DELAY_MOBILE_MS = 6000;
export const MOBILE_MAX_WIDTH = 640;
// Long enough for a slow phone on a slow network to download and start the islands.
const REPLAY_GIVE_UP_MS = 15_000;

const waiting: (() => void)[] = [];
let awake = false;
let islands = 0;
let ready = 0;
let held: HTMLElement | undefined;

/** Astro's runtime has run: every island of the page is registered (it runs when the element is defined). */
const registered = () => customElements.get('astro-island') !== undefined;

/**
 * An island of every screen: its `client:late` takes no media query, so its options' value is `true`, not
 * a string (the Shell is on every page).
 */
const EVERY_SCREEN = 'astro-island:not([opts*=\'"value":"\'])';

/**
 * Start the runtime the page left out, by loading the code of an island meant for every screen: once it
 * has run, the islands are registered and a held click may be due.
 */
function startRuntime(): void {
  const url = document.querySelector(EVERY_SCREEN)?.getAttribute('component-url');
  if (!url || registered()) return;
  import(/* @vite-ignore */ url)
    .then(() => {
      if (held && ready >= islands) requestAnimationFrame(replay);
    })
    .catch(reloadOnce);
}

function wake(): void {
  if (awake) return;
  awake = true;
  for (const name of EVENTS) removeEventListener(name, wake, true);
  for (const start of waiting.splice(0)) start();
  startRuntime();
}

function replay(): void {
  const target = held;
  held = undefined;
  target?.click();
}

function onClick(event: MouseEvent): void {
  if ((registered() && ready >= islands) || held || !(event.target instanceof Element)) return;
  const target = event.target.closest<HTMLElement>('[data-late-click]');
  if (!target) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = target;
  wake();
  setTimeout(() => {
    if (held !== target) return;
    // Nobody took it: let the element do what it does without JavaScript.
    ready = islands;
    replay();
  }, REPLAY_GIVE_UP_MS);
}

function install(): void {
  for (const name of EVENTS) addEventListener(name, wake, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
  addEventListener('late:ready', () => {
    ready += 1;
    if (ready >= islands && held) requestAnimationFrame(replay);
  });
  // The width is read once the page is idle: reading `innerWidth` while the HTML is still being parsed
  // forces a layout of the half-built page (on phones, where the viewport meta is honoured).
  const later = () => setTimeout(wake, innerWidth < MOBILE_MAX_WIDTH ? DELAY_MOBILE_MS : DELAY_DESKTOP_MS);
  if ('requestIdleCallback' in window) requestIdleCallback(later, { timeout: IDLE_MAX_MS });
  else setTimeout(later, 200);
}

/** A failed code-chunk load (a deploy replaced the files) reloads the page, at most once a minute. */
export const RELOAD_GUARD_MS = 60_000;
const RELOAD_KEY = 'ilhas:recarregada';
function reloadOnce(): void {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOAD_KEY) ?? 0) < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return;
  }
  location.reload();
}

function register(load: Parameters<ClientDirective>[0]): void {
  islands += 1;
  const start = () => {
    load()
      .then((hydrate) => hydrate())
      .catch(reloadOnce);
  };
  if (awake) start();
  else waiting.push(start);
}

/**
 * `client:late` alone, or `client:late="(max-width: 1023px)"`: an island for some screens only is
 * not downloaded elsewhere (until the screen changes to match).
 */
const late: ClientDirective = (load, options) => {
  const media = typeof options.value === 'string' && options.value ? matchMedia(options.value) : undefined;
  if (!media || media.matches) {
    register(load);
    return;
  }
  const onChange = () => {
    if (!media.matches) return;
    media.removeEventListener('change', onChange);
    register(load);
  };
  media.addEventListener('change', onChange);
};

install();

export default late;
