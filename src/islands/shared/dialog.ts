import { useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { lockScroll } from './scroll-lock.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog's behaviour while `open`: page scroll locked, focus moved in (to `initial` or the
 * first focusable element) and kept there with Tab, Esc closes, and focus goes back where it was.
 */
export function useDialog(
  open: boolean,
  onClose: () => void,
  initial?: RefObject<HTMLElement | null>,
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // Before the dialog is painted: it never shows with the focus still behind it (a keyboard user, or a slow
  // phone, would tab on under a panel that covers the page).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const unlock = lockScroll();
    (initial?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      before?.focus();
    };
  }, [open, initial]);
  return ref;
}
