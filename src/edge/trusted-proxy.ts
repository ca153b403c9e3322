import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * The visitor's address behind Netlify. Rate limits key on the client address; behind a CDN the socket
 * is the CDN's, shared by every shopper. Netlify's signed proxy (`signed = "PROXY_SIGNATURE_SECRET"` in
 * netlify.toml) adds `X-Nf-Sign`, a JWS (HS256) made with that secret: only a request carrying a valid,
 * unexpired one has its `X-Forwarded-For` believed. Anyone calling the server directly keeps the
 * socket address, whatever headers they send.
 */
export const SIGNATURE_HEADER = 'x-nf-sign';
const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

const decode = (part: string) => Buffer.from(part, 'base64url').toString('utf8');

/** A JWS signed with HS256 by `secret` and not expired (`exp`, seconds) at `now` (ms). */
export function validSignature(token: string, secret: string, now = Date.now()): boolean {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0) return false;
  try {
    const alg = (JSON.parse(decode(header)) as { alg?: unknown }).alg;
    if (alg !== 'HS256') return false;
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const exp = (JSON.parse(decode(payload)) as { exp?: unknown }).exp;
    return typeof exp !== 'number' || exp * 1000 > now;
  } catch {
    return false;
  }
}

export function trustedProxy(secret: string): MiddlewareHandler {
  return async (c, next) => {
    const token = c.req.header(SIGNATURE_HEADER);
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (token && forwarded && validSignature(token, secret))
      Reflect.set(c.req.raw, CLIENT_ADDRESS, forwarded);
    await next();
  };
}
