/**
 * Something that appears over the page by itself (the cookie banner) must not appear under a finger: the
 * islands wake at the first tap, so a banner drawn as soon as they are ready lands under the tap that woke
 * them, and the release goes to the banner instead of the button the shopper pressed (a sign-up confirmed
 * by nothing). `whenQuiet` calls `done` once no gesture is under way: right after a gesture ends (the
 * click, a key released, a scroll), or after `quietMs` with no press; a press holds it until it ends,
 * also one that began before the call (`pressed`: the page has an `:active` element). Returns what cancels
 * it.
 */
export const QUIET_MS = 1000;
/** After a release with no click (a drag, a long press), the time left for its click to come. */
const RELEASE_MS = 300;

const ENDS = ['click', 'keyup', 'scroll'] as const;
const RELEASES = ['pointerup', 'pointercancel', 'touchend'] as const;

type Target = Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'>;

const activeElement = () => document.querySelector(':active') !== null;

export function whenQuiet(
  target: Target,
  done: () => void,
  { quietMs = QUIET_MS, pressed = activeElement }: { quietMs?: number; pressed?: () => boolean } = {},
): () => void {
  let timer = target.setTimeout(unlessPressed, quietMs);
  const options = { capture: true, passive: true };
  function stop(): void {
    target.clearTimeout(timer);
    for (const name of ENDS) target.removeEventListener(name, onEnd, options);
    for (const name of RELEASES) target.removeEventListener(name, onRelease, options);
    target.removeEventListener('pointerdown', onPress, options);
  }
  function finish(): void {
    stop();
    done();
  }
  // A press still on, from before the call: its release decides.
  function unlessPressed(): void {
    if (!pressed()) finish();
  }
  // After the event's own handlers, and after the element it reached has done its part.
  function onEnd(): void {
    target.clearTimeout(timer);
    timer = target.setTimeout(finish, 0);
  }
  function onPress(): void {
    target.clearTimeout(timer);
  }
  function onRelease(): void {
    target.clearTimeout(timer);
    timer = target.setTimeout(finish, RELEASE_MS);
  }
  for (const name of ENDS) target.addEventListener(name, onEnd, options);
  for (const name of RELEASES) target.addEventListener(name, onRelease, options);
  target.addEventListener('pointerdown', onPress, options);
  return stop;
}
