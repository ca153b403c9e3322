import { useEffect } from 'react';
import { track } from '#/lib/analytics.ts';

/**
 * The page's own view event (spec section 1): `view_item` on a product (from its JSON-LD),
 * `view_search_results` on /busca, `view_category` on a listing (its list also sends `view_item_list`),
 * and the home and 404 views.
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
    } else if (kind === 'listagem') {
      // A category (or brand, or landing page) view, besides the list's own view_item_list.
      track('view_category', {
        page_path: location.pathname,
        category: document.querySelector('h1')?.textContent.trim() ?? '',
      });
    } else if (kind === 'busca') {
      track('view_search_results', { search_term: new URLSearchParams(location.search).get('busca') ?? '' });
    } else if (kind === 'home' || kind === '404') {
      track(kind === 'home' ? 'view_home' : 'view_404', { page_path: location.pathname });
    }
  }, []);
}
