import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { $zoom, openZoom } from '#/stores/zoom.ts';
import { useLateReady } from '#/islands/shared/ready.ts';

const ZoomViewer = lazy(() => import('./ZoomViewer.tsx'));

type Props = { images: string[]; name: string };

/**
 * Product image zoom: a tap or click on a gallery picture opens the full-screen viewer, whose code
 * loads only then. Without JavaScript the pictures are links to their zoom size.
 */
export default function ProductZoom({ images, name }: Props) {
  useLateReady();
  const { open } = useStore($zoom);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>('a[data-zoom]');
      if (!link) return;
      event.preventDefault();
      openZoom(Math.max(0, images.indexOf(link.dataset['zoom'] ?? '')));
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, [images]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ZoomViewer images={images} name={name} />
    </Suspense>
  );
}
