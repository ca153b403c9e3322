import { useStore } from '#/islands/shared/use-store.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $cartCount, $cartOpen, addItem, COUNT_KEY, loadCart, openCart } from '#/stores/cart.ts';
import { useLateReady } from '#/islands/shared/ready.ts';
import type { DrawerProps } from './CartDrawer.tsx';
import sideCartCss from './side-cart.css?url';

/**
 * The drawer's code (its lines, totals and offers) loads when the shopper first asks for the cart: a
 * page nobody buys from does not download it, and a 'Comprar' fetches it while the item is being added.
 */
const loadDrawer = () => import('./CartDrawer.tsx');
const CartDrawer = lazy(loadDrawer);

const number = (value: FormDataEntryValue | null) => (typeof value === 'string' ? Number(value) : NaN);

/** Header count, cart link and 'Comprar' forms belong to the page's HTML; the island takes them over. */
function useCartTriggers(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      if (!(event.target instanceof Element) || !event.target.closest('[data-cart-link]')) return;
      event.preventDefault();
      void loadDrawer();
      void openCart();
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.matches('[data-buy-form]')) return;
      event.preventDefault();
      const data = new FormData(form);
      const item = {
        idProduto: number(data.get('idProduto')),
        idAtributoSimples: number(data.get('idAtributoSimples')),
        quantidade: number(data.get('quantidade')),
      };
      if (!Object.values(item).every(Number.isInteger)) {
        form.submit();
        return;
      }
      void loadDrawer();
      void addItem(item);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit);
    // A returning visitor's count came from local storage at first paint: check it against the cart.
    if (Number(localStorage.getItem(COUNT_KEY) ?? 0) > 0) void loadCart();
    const onStorage = (event: StorageEvent) => {
      if (event.key === COUNT_KEY) void loadCart();
    };
    addEventListener('storage', onStorage);
    const unpaint = $cartCount.subscribe((count) => {
      if (count === undefined) return;
      for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
        badge.textContent = String(count);
        badge.hidden = false;
      }
    });
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('submit', onSubmit);
      removeEventListener('storage', onStorage);
      unpaint();
    };
  }, []);
}

/**
 * The side cart ('Sacola de compras'): takes over the page's cart links and 'Comprar' forms, and shows
 * the drawer (CartDrawer.tsx) while the cart is open.
 */
export default function SideCart(props: Omit<DrawerProps, 'offersClosed' | 'onOffersClosed'>) {
  const styled = useLateReady(sideCartCss);
  useCartTriggers();
  const open = useStore($cartOpen);
  // Offers closed once stay closed while the page lives, however often the drawer opens.
  const [offersClosed, setOffersClosed] = useState(false);
  if (!open || !styled) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer
        {...props}
        offersClosed={offersClosed}
        onOffersClosed={() => {
          setOffersClosed(true);
        }}
      />
    </Suspense>
  );
}
