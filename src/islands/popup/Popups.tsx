import { useStore } from '#/islands/shared/use-store.ts';
import { lazy, Suspense, useEffect } from 'react';
import { $popup, schedulePopup } from '#/stores/popup.ts';
import { useLateReady } from '#/islands/shared/ready.ts';
import popupCss from './popup.css?url';

/** The dialog's code loads only when a popup is due (PopupDialog.tsx): most visits never show one. */
const PopupDialog = lazy(() => import('./PopupDialog.tsx'));

/**
 * Run `show` once no drawer or dialog is open (they lock the page's scroll: `no-scroll` on <html>), the
 * cookie question is answered (`consent-open` on <html> while it is not) and the shopper is not typing in a
 * field: a popup never lands on top of the side cart or the cookie banner, or takes focus from a form.
 * Returns a cancel function.
 */
function whenUndisturbed(show: () => void): () => void {
  const root = document.documentElement;
  const check = () => {
    if (
      root.classList.contains('no-scroll') ||
      root.classList.contains('consent-open') ||
      document.activeElement?.matches('input, textarea, select')
    )
      return;
    stop();
    show();
  };
  const drawers = new MutationObserver(check);
  // Focus leaves before it lands: look once it has landed.
  const later = () => setTimeout(check, 0);
  const stop = () => {
    drawers.disconnect();
    document.removeEventListener('focusout', later);
  };
  drawers.observe(root, { attributeFilter: ['class'] });
  document.addEventListener('focusout', later);
  check();
  return stop;
}

/**
 * The page level's popup (`struct/popup/{nivel}`): shown once per visitor, `tempo` seconds after the
 * islands wake (later if a drawer is open or the shopper is typing), as an accessible dialog.
 */
export default function Popups({ nivel }: { nivel: string }) {
  const styled = useLateReady(popupCss);
  const popup = useStore($popup);
  useEffect(() => {
    let cancel: () => void = () => undefined;
    void schedulePopup(nivel, whenUndisturbed).then((stop) => {
      cancel = stop;
    });
    return () => {
      cancel();
    };
  }, [nivel]);
  if (!popup || !styled) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog popup={popup} />
    </Suspense>
  );
}
