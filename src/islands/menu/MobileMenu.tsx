import { useStore } from '#/islands/shared/use-store.ts';
import { lazy, Suspense, useEffect } from 'react';
import { $menuOpen, openMenu } from '#/stores/menu.ts';
import { useLateReady } from '#/islands/shared/ready.ts';
import mobileMenuCss from './mobile-menu.css?url';

/** `logo`: the image the header shows ('' when the store shows its name). */
type Props = { storeName: string; logo: string };

/** The drawer's code loads when the menu button is first pressed (MenuDrawer.tsx). */
const loadDrawer = () => import('./MenuDrawer.tsx');
const MenuDrawer = lazy(loadDrawer);

/**
 * The phone menu: it takes over the header's menu button, whose <details> list is what shoppers
 * without JavaScript get, and opens the drawer (MenuDrawer.tsx).
 */
export default function MobileMenu(props: Props) {
  const styled = useLateReady(mobileMenuCss);
  const open = useStore($menuOpen);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-menu-open]')) return;
      event.preventDefault();
      void loadDrawer();
      openMenu();
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, []);

  if (!open || !styled) return null;
  return (
    <Suspense fallback={null}>
      <MenuDrawer {...props} />
    </Suspense>
  );
}
