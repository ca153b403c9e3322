/**
 * Something that appears over the page by itself (the cookie banner) must not appear under a finger: the
 * islands wake at the first tap, so a banner drawn as soon as they are ready lands under the tap that woke
 * them, and the release goes to the banner instead of the button the shopper pressed (a sign-up confirmed
 * by nothing). `whenQuiet` calls `done` once no gesture is under way: right after a gesture ends (its
 * click, a key released, a scroll), or after QUIET_MS; while something is pressed (`pressed`: the page
 * has an `:active` element), it waits on. Returns what cancels it.
 */
export const QUIET_MS = 1000;
const ENDS = ['click', 'keyup', 'scroll'] as const;
const OPTIONS = { capture: true, passive: true };

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export function whenQuiet(
  target: Target,
  done: () => void,
  pressed = () => document.querySelector(':active') !== null,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (pressed()) wait(QUIET_MS);
      else {
        stop();
        done();
      }
    }, ms);
  };
  const onEnd = () => {
    wait(0);
  };
  function stop(): void {
    clearTimeout(timer);
    for (const name of ENDS) target.removeEventListener(name, onEnd, OPTIONS);
  }
  for (const name of ENDS) target.addEventListener(name, onEnd, OPTIONS);
  wait(QUIET_MS);
  return stop;
}
