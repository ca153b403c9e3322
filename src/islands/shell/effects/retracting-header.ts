import { useEffect } from 'react';

/** Header retracts past this scroll (spec section 9), checked 50 ms after scrolling stops. */
export const HEADER_SCROLL_PX = 580;
export const HEADER_DEBOUNCE_MS = 50;

/**
 * Past HEADER_SCROLL_PX the header retracts to its icon row (search behind an icon on phones). The
 * space the hidden row leaves is kept as margin, so nothing below moves.
 */
export function useRetractingHeader(): void {
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.hdr');
    if (!header) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let compact = false;
    const check = () => {
      const next = scrollY > HEADER_SCROLL_PX;
      if (next === compact) return;
      compact = next;
      const before = header.offsetHeight;
      header.classList.toggle('hdr--compact', compact);
      header.style.marginBottom = compact ? `${String(before - header.offsetHeight)}px` : '';
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(check, HEADER_DEBOUNCE_MS);
    };
    addEventListener('scroll', onScroll, { passive: true });
    check();
    return () => {
      removeEventListener('scroll', onScroll);
    };
  }, []);
}
