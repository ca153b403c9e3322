import { useEffect } from 'react';
import { track } from '#/lib/analytics.ts';
import type { User } from '#/contract/user.ts';

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
