import type { MiddlewareHandler } from 'hono';

/** The back office's pages: `/painel` and everything under it. */
export const isPanelPath = (path: string) => path === '/painel' || path.startsWith('/painel/');

/**
 * The back office is for the team alone: whatever its pages answer (a page, a redirect, an error), no
 * cache keeps it, no crawler indexes it, and no other site learns its addresses (one-time links carry a
 * token) through the Referer. `same-origin`, not `no-referrer`: under the latter a form's POST carries
 * `Origin: null`, which Astro's cross-site check refuses.
 */
export function privatePanel(): MiddlewareHandler {
  return async (c, next) => {
    if (!isPanelPath(c.req.path)) return next();
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
    c.res.headers.set('Referrer-Policy', 'same-origin');
  };
}
