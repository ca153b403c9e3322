import { atom } from 'nanostores';

/** The product image viewer (spec section 3: open flag and current index). */
export const $zoom = atom<{ open: boolean; index: number }>({ open: false, index: 0 });

export function openZoom(index: number): void {
  $zoom.set({ open: true, index });
}

export function closeZoom(): void {
  $zoom.set({ ...$zoom.get(), open: false });
}

/** Next or previous picture, wrapping around. */
export function stepZoom(delta: number, count: number): void {
  const { index } = $zoom.get();
  $zoom.set({ open: true, index: (index + delta + count) % count });
}
