import { useStore } from '#/islands/shared/use-store.ts';
import { useEffect } from 'react';
import { $user, ensureUser } from '#/stores/user.ts';
import { useLateReady } from '#/islands/shared/ready.ts';
import { LoadingBar } from './LoadingBar.tsx';
import { ConsentBanner } from './ConsentBanner.tsx';
import { useConnectivity } from './effects/connectivity.ts';
import { useDropdowns } from './effects/dropdowns.ts';
import { useFavouriteHearts } from './effects/favourite-hearts.ts';
import { useMomentEvents } from './effects/moment-events.ts';
import { useNavigationLoader } from './effects/navigation-loader.ts';
import { usePageTracking } from './effects/page-tracking.ts';
import { usePageViewEvents } from './effects/page-view-events.ts';
import { useRetractingHeader } from './effects/retracting-header.ts';
import { useTrackingParams } from './effects/tracking-params.ts';
import shellCss from './shell.css?url';

/**
 * What every page does once hydrated and that has no place of its own: the loading bar, the
 * internal-sale bar, the wishlist hearts, list and promotion analytics and the retracting header.
 */
export default function Shell() {
  const styled = useLateReady(shellCss);
  useFavouriteHearts();
  usePageTracking();
  useNavigationLoader();
  useRetractingHeader();
  usePageViewEvents();
  useTrackingParams();
  const connection = useConnectivity();
  useEffect(() => {
    void ensureUser();
  }, []);
  const user = useStore($user);
  useDropdowns(user);
  useMomentEvents(user);
  const sale = user?.vendaInterna;
  // Nothing of the shell is drawn before its styles apply (no unstyled banner flashing at the bottom).
  if (!styled) return null;
  return (
    <>
      <LoadingBar />
      <ConsentBanner />
      {connection !== 'online' && (
        <p className={`connection connection--${connection}`} role="status">
          {connection === 'offline'
            ? 'Você está sem conexão. Confira sua internet; a página volta a funcionar quando ela voltar.'
            : 'Conexão restabelecida.'}
        </p>
      )}
      {sale?.ativo && (
        <div className="internal-sale" role="status">
          Venda interna{sale.vendedor ? ` · vendedor(a): ${sale.vendedor}` : ''}
        </div>
      )}
    </>
  );
}
