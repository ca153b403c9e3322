import { useEffect } from 'react';
import { lockScroll } from '#/islands/shared/scroll-lock.ts';
import { useLateReady } from '#/islands/shared/ready.ts';

/** The hover delay of menu panels (spec section 9; `.hover-panel` in global.css waits as long). */
const MENU_HOVER_MS = 400;

/**
 * The line menu's flyout (`[data-flyout]`, opened by CSS after the pointer rests on its item) locks
 * the page's scroll while it is open and takes focus from the header search, whose suggestions would
 * otherwise cover it (spec, header). Leaving the item gives the scroll back. Draws nothing; a desktop
 * island (the line menu is not shown below 1024 px), so phones never download it.
 */
export default function LineFlyout() {
  useLateReady();
  useEffect(() => {
    const items = [...document.querySelectorAll<HTMLElement>('[data-flyout]')];
    const undo = items.map((item) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let unlock: (() => void) | undefined;
      const release = () => {
        clearTimeout(timer);
        unlock?.();
        unlock = undefined;
      };
      const enter = () => {
        release();
        timer = setTimeout(() => {
          if (!item.matches(':hover')) return;
          unlock = lockScroll();
          const focused = document.activeElement;
          if (focused instanceof HTMLElement && focused.closest('.hs')) focused.blur();
        }, MENU_HOVER_MS);
      };
      item.addEventListener('pointerenter', enter);
      item.addEventListener('pointerleave', release);
      return () => {
        release();
        item.removeEventListener('pointerenter', enter);
        item.removeEventListener('pointerleave', release);
      };
    });
    return () => {
      for (const stop of undo) stop();
    };
  }, []);
  return null;
}
