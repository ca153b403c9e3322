import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { QUIET_MS, whenQuiet } from '#/islands/shell/quiet-moment.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A window's events, with a press that may have begun before the call. */
function page(pressedAtStart = false) {
  const events = new EventTarget();
  let pressed = pressedAtStart;
  const done = vi.fn();
  const cancel = whenQuiet(events, done, () => pressed);
  const fire = (name: string) => {
    if (name === 'pointerdown') pressed = true;
    if (name === 'pointerup') pressed = false;
    events.dispatchEvent(new Event(name));
  };
  return { done, cancel, fire };
}

test('with no gesture, it is quiet after QUIET_MS, once', () => {
  const { done, fire } = page();
  vi.advanceTimersByTime(QUIET_MS - 1);
  expect(done).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(done).toHaveBeenCalledTimes(1);
  fire('click');
  vi.advanceTimersByTime(5000);
  expect(done).toHaveBeenCalledTimes(1);
});

test('a tap under way holds it however long it lasts; its click ends it at once', () => {
  const { done, fire } = page();
  fire('pointerdown');
  vi.advanceTimersByTime(10 * QUIET_MS);
  expect(done).not.toHaveBeenCalled();
  fire('pointerup');
  fire('click');
  expect(done).not.toHaveBeenCalled();
  vi.advanceTimersByTime(0);
  expect(done).toHaveBeenCalledTimes(1);
});

test('a press that began before it (the tap that woke the islands) is waited for too', () => {
  const { done, fire } = page(true);
  vi.advanceTimersByTime(10 * QUIET_MS);
  expect(done).not.toHaveBeenCalled();
  // A release with no click (a drag off the button): quiet at the next look.
  fire('pointerup');
  vi.advanceTimersByTime(QUIET_MS);
  expect(done).toHaveBeenCalledTimes(1);
});

test('a key released or a scroll ends it; cancelled, it never comes', () => {
  for (const name of ['keyup', 'scroll']) {
    const { done, fire } = page();
    fire(name);
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);
  }
  const { done, cancel, fire } = page();
  cancel();
  fire('click');
  vi.advanceTimersByTime(10 * QUIET_MS);
  expect(done).not.toHaveBeenCalled();
});
