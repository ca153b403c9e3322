import { atom } from 'nanostores';
import { ApiError } from '#/api/core.ts';
import { getPopups } from '#/api/store.ts';
import type { Popup } from '#/contract/store.ts';
import { api } from './api.ts';

/** Popups already seen, kept in local storage (and this tab's session when storage is blocked). */
export const SEEN_KEY = 'popups:vistos';

export const $popup = atom<Popup | undefined>(undefined);

const seenIn = (storage: Storage): number[] => {
  try {
    const ids: unknown = JSON.parse(storage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
};

export function seenPopups(): Set<number> {
  return new Set([...seenIn(localStorage), ...seenIn(sessionStorage)]);
}

export function markSeen(id: number): void {
  const ids = JSON.stringify([...seenPopups(), id]);
  for (const storage of [localStorage, sessionStorage]) {
    try {
      storage.setItem(SEEN_KEY, ids);
    } catch {
      // Storage full or blocked: the other one (or nothing) remembers it.
    }
  }
}

/** Waits for a moment to show something in (the islands wait until no drawer is open); returns a cancel. */
export type Waiter = (show: () => void) => () => void;
const atOnce: Waiter = (show) => {
  show();
  return () => undefined;
};

/**
 * The first popup of the page level not seen yet, shown after its `tempo` seconds, once `when` finds
 * the moment; marked as seen when it shows. Returns a cancel function (the timer dies with the page).
 */
export async function schedulePopup(nivel: string, when: Waiter = atOnce): Promise<() => void> {
  let popups: Popup[];
  try {
    popups = await getPopups(api(), nivel);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return () => undefined;
  }
  const seen = seenPopups();
  const next = popups.find((p) => !seen.has(p.id));
  if (!next) return () => undefined;
  let waiting: () => void = () => undefined;
  const timer = setTimeout(() => {
    waiting = when(() => {
      markSeen(next.id);
      $popup.set(next);
    });
  }, next.tempo * 1000);
  return () => {
    clearTimeout(timer);
    waiting();
  };
}

export function closePopup(): void {
  $popup.set(undefined);
}
