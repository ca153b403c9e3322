import { atom } from 'nanostores';

/** The phone menu drawer: open or not, and the drill-down path (indexes of levels 1 and 2). */
export const $menuOpen = atom(false);
export const $menuPath = atom<readonly number[]>([]);

export function openMenu(): void {
  $menuOpen.set(true);
}

export function closeMenu(): void {
  $menuOpen.set(false);
  $menuPath.set([]);
}

/** Go down into an entry (at most to level 3) or back up one level. */
export function drillDown(index: number): void {
  const path = $menuPath.get();
  if (path.length < 2) $menuPath.set([...path, index]);
}

export function drillUp(): void {
  $menuPath.set($menuPath.get().slice(0, -1));
}
