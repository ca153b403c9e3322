import { lazy, Suspense, useEffect, useState } from 'react';
import { useLateReady } from '#/islands/shared/ready.ts';
import listingControlsCss from './listing-controls.css?url';

/** The drawer's code loads when 'Filtrar' or 'Ordenar' is first pressed (ListingDrawer.tsx). */
const loadDrawer = () => import('./ListingDrawer.tsx');
const ListingDrawer = lazy(loadDrawer);

/**
 * Phones: 'Filtrar' and 'Ordenar' open one drawer with the ordering and every filter as accordions
 * (ListingDrawer.tsx, which reads the listing's own links from the page); without JavaScript (and on
 * desktop) the page's <details> panels do the job.
 */
export default function ListingControls() {
  const styled = useLateReady(listingControlsCss);
  /** The button that opened the drawer, each press a new object; undefined while it is closed. */
  const [opener, setOpener] = useState<{ panel: string } | undefined>(undefined);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger =
        event.target instanceof Element ? event.target.closest<HTMLElement>('[data-listing-panel]') : null;
      if (!trigger) return;
      event.preventDefault();
      void loadDrawer();
      setOpener({ panel: trigger.dataset['listingPanel'] ?? '' });
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, []);
  if (!opener || !styled) return null;
  return (
    <Suspense fallback={null}>
      <ListingDrawer
        opener={opener}
        onClose={() => {
          setOpener(undefined);
        }}
      />
    </Suspense>
  );
}
