import { useEffect } from 'react';
import { loadingEnded, loadingStarted } from '#/stores/loading.ts';

/** The loading bar also covers page changes: a same-site link or form leaving this page. */
export function useNavigationLoader(): void {
  useEffect(() => {
    let navigating = false;
    const leaving = (event: Event) => {
      // After every other handler: a click an island took (the cart icon) is no page change.
      setTimeout(() => {
        if (event.defaultPrevented || navigating) return;
        if (event instanceof MouseEvent) {
          const link = event.target instanceof Element ? event.target.closest('a') : null;
          if (
            !link ||
            event.button !== 0 ||
            event.metaKey ||
            event.ctrlKey ||
            event.shiftKey ||
            link.target ||
            link.hasAttribute('download') ||
            link.origin !== location.origin ||
            (link.pathname === location.pathname && link.search === location.search)
          )
            return;
        }
        navigating = true;
        loadingStarted();
      });
    };
    const back = (event: PageTransitionEvent) => {
      if (event.persisted && navigating) {
        navigating = false;
        loadingEnded(true);
      }
    };
    document.addEventListener('click', leaving);
    document.addEventListener('submit', leaving);
    addEventListener('pageshow', back);
    return () => {
      document.removeEventListener('click', leaving);
      document.removeEventListener('submit', leaving);
      removeEventListener('pageshow', back);
    };
  }, []);
}
