import { useStore } from '#/islands/shared/use-store.ts';
import { $loading } from '#/stores/loading.ts';

/** The thin bar at the top of the page while requests (or a page change) are on their way. */
export function LoadingBar() {
  const bar = useStore($loading);
  if (!bar.visible) return null;
  return (
    <div
      className={bar.failed ? 'loading-bar loading-bar--failed' : 'loading-bar'}
      role="progressbar"
      aria-label={bar.failed ? 'Falha ao carregar' : 'Carregando'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(bar.percent)}
      style={{ transform: `scaleX(${String(bar.percent / 100)})` }}
    />
  );
}
