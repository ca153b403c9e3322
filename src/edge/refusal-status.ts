import type { MiddlewareHandler } from 'hono';

/** The header 500.astro sets on a platform refusal's page: the status that page stands for. */
export const REFUSAL_STATUS_HEADER = 'X-Loja-Recusa';

/**
 * Astro renders whatever a page throws through `/500` and answers 500, whatever that page sets. A page that
 * met a refusal of the platform it did not expect (a limit, an order gone) is no failure of the store:
 * 500.astro marks it, and here the answer takes the refusal's status (429 with its Retry-After, 404, …),
 * never cached, and the mark goes no further.
 */
export function refusalStatus(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = Number(c.res.headers.get(REFUSAL_STATUS_HEADER));
    if (c.res.status !== 500 || !(status >= 400 && status < 500)) return;
    const headers = new Headers(c.res.headers);
    headers.delete(REFUSAL_STATUS_HEADER);
    headers.set('Cache-Control', 'no-store');
    const body = c.res.body;
    // Cleared first: Hono would copy the old answer's headers (the mark, its caching) onto the new one.
    c.res = undefined;
    c.res = new Response(body, { status, headers });
  };
}
