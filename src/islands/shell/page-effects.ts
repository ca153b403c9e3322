import { useEffect, useState } from 'react';
import {
  ANALYTICS_DELAY_MS,
  track,
  trackSelectItem,
  trackSelectPromotion,
  trackViewItemList,
} from '#/lib/analytics.ts';
import type { GaItem } from '#/lib/analytics.ts';
import { $favourites, loadFavourites, toggleFavourite } from '#/stores/favourites.ts';
import { loadingEnded, loadingStarted } from '#/stores/loading.ts';
import { firstName } from '#/stores/user.ts';
import type { User } from '#/contract/user.ts';

/** Header retracts past this scroll (spec section 9), checked 50 ms after scrolling stops. */
export const HEADER_SCROLL_PX = 580;
export const HEADER_DEBOUNCE_MS = 50;

/** The product name behind a heart ('Favoritar Torneira X' → 'Torneira X'). */
const nameOf = (heart: HTMLElement) => (heart.getAttribute('aria-label') ?? '').replace(/^Favoritar /, '');

/** The hearts of the page: one request for all, each submit toggles, every heart of a product follows. */
export function useFavouriteHearts(): void {
  useEffect(() => {
    void loadFavourites();
    const paint = (ids: ReadonlySet<number>) => {
      for (const heart of document.querySelectorAll<HTMLElement>('[data-fav]'))
        heart.setAttribute('aria-pressed', String(ids.has(Number(heart.dataset['fav']))));
    };
    const unpaint = $favourites.subscribe(paint);
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.matches('[data-fav-form]')) return;
      event.preventDefault();
      const heart = form.querySelector<HTMLElement>('[data-fav]');
      if (!heart) return;
      void toggleFavourite({
        id: Number(heart.dataset['fav']),
        name: nameOf(heart),
        price: Number(heart.dataset['price']),
      });
    };
    document.addEventListener('submit', onSubmit);
    return () => {
      unpaint();
      document.removeEventListener('submit', onSubmit);
    };
  }, []);
}

/** A card as an analytics item (read from its heart's data). */
function cardItem(card: Element, list: string, index: number): GaItem | undefined {
  const heart = card.querySelector<HTMLElement>('[data-fav]');
  if (!heart) return undefined;
  return {
    item_id: heart.dataset['fav'] ?? '',
    item_name: nameOf(heart),
    item_brand: card.querySelector('.card__brand')?.textContent.trim() ?? '',
    item_list_name: list,
    index,
    price: Number(heart.dataset['price']),
  };
}

/** view_item_list for the page's product lists, select_item and select_promotion on their clicks. */
export function usePageTracking(): void {
  useEffect(() => {
    for (const list of document.querySelectorAll<HTMLElement>('[data-list-name]')) {
      const name = list.dataset['listName'] ?? '';
      const items = [...list.querySelectorAll('article.card')].flatMap(
        (card, i) => cardItem(card, name, i) ?? [],
      );
      if (items.length) trackViewItemList(name, items);
    }
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const promo = event.target.closest<HTMLElement>('[data-promo]');
      if (promo) {
        trackSelectPromotion({
          id: promo.dataset['promo'] ?? '',
          name: promo.dataset['promoName'] ?? '',
          slot: promo.dataset['promoSlot'] ?? '',
        });
        return;
      }
      const link = event.target.closest('a.card__link');
      const list = link?.closest<HTMLElement>('[data-list-name]');
      const card = link?.closest('article.card');
      if (!link || !list || !card) return;
      const index = [...list.querySelectorAll('article.card')].indexOf(card);
      const item = cardItem(card, list.dataset['listName'] ?? '', index);
      if (item) trackSelectItem(item.item_list_name ?? '', item);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, []);
}

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

/**
 * Header dropdowns (`details[data-dropdown]`) close on any click outside them and on Esc; the account
 * one greets a logged-in shopper by name.
 */
export function useDropdowns(user: User | undefined): void {
  useEffect(() => {
    const close = (except?: Node) => {
      for (const open of document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]'))
        if (!except || !open.contains(except)) open.open = false;
    };
    const onClick = (event: MouseEvent) => {
      close(event.target instanceof Node ? event.target : undefined);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  useEffect(() => {
    const name = firstName(user);
    if (!name) return;
    for (const hello of document.querySelectorAll('[data-account-greeting]'))
      hello.textContent = `Olá, ${name}`;
    for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-account-link]')) {
      link.textContent = 'sua conta';
      link.href = '/minha-conta/';
    }
  }, [user]);
}

/** Tracking parameters the address loses once analytics has read them. */
export const TRACKING_PARAMS = ['gclid', 'fbclid', 'utm_source', 'utm_medium'] as const;

/** Drop the tracking parameters from the address (after the analytics delay), keeping the rest. */
export function useTrackingParams(): void {
  useEffect(() => {
    const url = new URL(location.href);
    if (!TRACKING_PARAMS.some((p) => url.searchParams.has(p))) return;
    const timer = setTimeout(() => {
      for (const p of TRACKING_PARAMS) url.searchParams.delete(p);
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }, ANALYTICS_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);
}

/** Online/offline: a note while the connection is gone, and a short one when it is back. */
export function useConnectivity(): 'online' | 'offline' | 'back' {
  const [state, setState] = useState<'online' | 'offline' | 'back'>('online');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const online = () => {
      setState('back');
      timer = setTimeout(() => {
        setState('online');
      }, 4000);
    };
    if (!navigator.onLine) offline();
    addEventListener('offline', offline);
    addEventListener('online', online);
    return () => {
      removeEventListener('offline', offline);
      removeEventListener('online', online);
      clearTimeout(timer);
    };
  }, []);
  return state;
}

/**
 * The page's own view event (spec section 1): `view_item` on a product (from its JSON-LD),
 * `view_search_results` on /busca, and the home and 404 views; listings send `view_item_list`.
 */
export function usePageViewEvents(): void {
  useEffect(() => {
    const kind = document.body.dataset['pagina'];
    if (kind === 'produto') {
      for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
        const data = JSON.parse(script.textContent || '{}') as {
          '@type'?: string;
          sku?: string;
          name?: string;
          brand?: { name?: string };
          offers?: { price?: string | number };
        };
        if (data['@type'] !== 'Product') continue;
        const price = Number(data.offers?.price ?? 0);
        track('view_item', {
          ecommerce: {
            currency: 'BRL',
            value: price,
            items: [
              {
                item_id: data.sku ?? '',
                item_name: data.name ?? '',
                item_brand: data.brand?.name ?? '',
                price,
              },
            ],
          },
        });
      }
    } else if (kind === 'busca') {
      track('view_search_results', { search_term: new URLSearchParams(location.search).get('busca') ?? '' });
    } else if (kind === 'home' || kind === '404') {
      track(kind === 'home' ? 'view_home' : 'view_404', { page_path: location.pathname });
    }
  }, []);
}

/**
 * Events of the page's other moments (spec section 1): `file_download` for links to files, `share`
 * from the share buttons (`[data-share]`, shown only where the browser can share), and the
 * shopper's profile once known.
 */
export function useMomentEvents(user: User | undefined): void {
  useEffect(() => {
    const buttons = document.querySelectorAll<HTMLElement>('[data-share]');
    if ('share' in navigator) for (const button of buttons) button.hidden = false;
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>('a[href]');
      if (
        link &&
        (link.hasAttribute('download') || /\.(pdf|zip|dwg|xlsx?|docx?)(\?|$)/i.test(link.pathname))
      ) {
        track('file_download', {
          file_name: link.pathname.split('/').pop() ?? '',
          file_extension: /\.(\w+)$/.exec(link.pathname)?.[1] ?? '',
          link_url: link.href,
        });
      }
      const share = event.target.closest<HTMLElement>('[data-share]');
      if (share) {
        const title = share.dataset['share'] ?? document.title;
        void navigator
          .share({ title, url: location.href })
          .then(() => {
            track('share', {
              method: 'navigator.share',
              content_type: 'product',
              item_id: location.pathname,
            });
          })
          .catch(() => undefined);
      }
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, []);
  useEffect(() => {
    if (user) track('user_profile', { logged_in: user.logado, first_purchase: user.primeiraCompra });
  }, [user]);
}
