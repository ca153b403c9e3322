import { useStore } from '#/islands/shared/use-store.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $zoom, openZoom } from '#/stores/zoom.ts';
import { useLateReady, useStylesheet } from '#/islands/shared/ready.ts';
import zoomCss from './zoom.css?url';

const ZoomViewer = lazy(() => import('./ZoomViewer.tsx'));

type Props = { name: string };

/**
 * Product image zoom: a tap or click on a gallery picture opens the full-screen viewer, whose code
 * and styles load only then, over the gallery's own pictures (their links' `data-zoom`). Without JavaScript the
 * pictures are links to their zoom size.
 */
export default function ProductZoom({ name }: Props) {
  useLateReady();
  const { open } = useStore($zoom);
  const [images, setImages] = useState<string[]>([]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>('a[data-zoom]');
      if (!link) return;
      event.preventDefault();
      const all = [...document.querySelectorAll<HTMLElement>('a[data-zoom]')].map(
        (a) => a.dataset['zoom'] ?? '',
      );
      setImages(all);
      openZoom(Math.max(0, all.indexOf(link.dataset['zoom'] ?? '')));
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, []);
  // The viewer's styles, like its code, come with its first opening.
  const styled = useStylesheet(open ? zoomCss : undefined);
  if (!open || !styled || images.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ZoomViewer images={images} name={name} />
    </Suspense>
  );
}
