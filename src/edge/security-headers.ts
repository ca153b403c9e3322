import type { MiddlewareHandler } from 'hono';

/** One year, as HSTS preload lists ask. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries (a page may set a stricter one, e.g. `Referrer-Policy: same-origin` on
 * the password-reset page, and it is kept). HSTS only over https: browsers ignore it on http anyway.
 * The microphone stays allowed for the store itself (voice search); framing only by the store.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)',
};

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // A proxied answer (fetch) has read-only headers: copy it once to add ours.
    if (!canWrite(c.res.headers)) c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!headers.has(name)) headers.set(name, value);
    }
    if (new URL(c.req.url).protocol === 'https:') headers.set('Strict-Transport-Security', HSTS);
  };
}

function canWrite(headers: Headers): boolean {
  try {
    headers.set('X-Content-Type-Options', 'nosniff');
    return true;
  } catch {
    return false;
  }
}
