import type { AstroCookies } from 'astro';
import { SESSION_COOKIE, SESSION_COOKIE_MAX_AGE_S } from '#/contract/session.ts';
import { createClient } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';

/** HttpOnly, SameSite=Lax, Secure under https, for the whole site, kept as long as the platform says. */
export const sessionCookieOptions = (url: URL) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    maxAge: SESSION_COOKIE_MAX_AGE_S,
  }) as const;

/** What a page or endpoint knows of its request (Astro's page global and API context both have it). */
type Visit = { url: URL; cookies: AstroCookies };

/** The platform client for this visitor's own session (cart, account, forms; catalogue pages use none). */
export const visitorClient = ({ url, cookies }: Visit): Client =>
  createClient(url.origin, cookies.get(SESSION_COOKIE)?.value);

/**
 * Keep in the visitor's cookie the session the platform issued during this request (a first visit,
 * login, logout). Returns whether there was one.
 */
export function keepIssuedSession({ url, cookies }: Visit, client: Client): boolean {
  if (!client.issuedSession) return false;
  cookies.set(SESSION_COOKIE, client.issuedSession, sessionCookieOptions(url));
  return true;
}
