import type { ClientDirective } from 'astro';
import type { LateHydration } from './directive.ts';

/**
 * The part of `client:late` that runs once the islands wake (./directive.ts is the part written into the
 * page): it arrives with the islands' shared code (src/islands/shared/ready.ts imports it after Astro's
 * runtime) and takes over the islands the page announced, loading each one meant for this screen now and
 * one for some screens only (`client:late="(max-width: 1023px)"`) when the screen comes to match. Each
 * island says it is ready with the `late:ready` event; once all of this screen's are, the click held
 * before replays.
 */
function takeOver(state: LateHydration): void {
  let islands = 0;
  let ready = 0;
  const replay = () => {
    if (ready < islands) return;
    state.ready = true;
    const target = state.held;
    state.held = undefined;
    if (target)
      requestAnimationFrame(() => {
        target.click();
      });
  };
  addEventListener('late:ready', () => {
    ready += 1;
    replay();
  });
  const register = (load: Parameters<ClientDirective>[0]) => {
    islands += 1;
    load()
      .then((hydrate) => hydrate())
      .catch(state.reloadOnce);
  };
  const take = (...[load, options]: Parameters<ClientDirective>) => {
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
  state.take = take;
  for (const island of state.queue.splice(0)) take(...island);
  // No island for this screen (all for other screens): nothing to wait for, the held click goes now.
  replay();
}

// Run by the browser only (the server imports the islands' code to render them), once per page.
const state =
  typeof window === 'undefined' ? undefined : (window as { lateHydration?: LateHydration }).lateHydration;
if (state && !state.take) takeOver(state);
