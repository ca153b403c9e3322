import type { AstroCookies } from 'astro';
import { getUser } from '#/api/account.ts';
import { createClient } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { SESSION_COOKIE, SESSION_COOKIE_MAX_AGE_S } from '#/contract/session.ts';
import type { User } from '#/contract/user.ts';

/** What a controller knows of its request: Astro's page global and an endpoint's context both have it. */
export type Visit = { url: URL; cookies: AstroCookies; request: Request };

/** HttpOnly, SameSite=Lax, Secure under https, for the whole site, kept as long as the platform says. */
export const sessionCookieOptions = (url: URL) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    maxAge: SESSION_COOKIE_MAX_AGE_S,
  }) as const;

/** The platform client for this visitor's own session (cart, account, forms; catalogue pages use none). */
export const visitorClient = ({ url, cookies }: Pick<Visit, 'url' | 'cookies'>): Client =>
  createClient(url.origin, cookies.get(SESSION_COOKIE)?.value);

/**
 * Keep in the visitor's cookie the session the platform issued during this request (a first visit,
 * login, logout). Returns whether there was one.
 */
export function keepIssuedSession({ url, cookies }: Pick<Visit, 'url' | 'cookies'>, client: Client): boolean {
  if (!client.issuedSession) return false;
  cookies.set(SESSION_COOKIE, client.issuedSession, sessionCookieOptions(url));
  return true;
}

/** The login page, coming back to `back` (a path of this store) once the visitor is in. */
export const LOGIN_PAGE = '/checkout/acesso';
export const loginFor = (back: string): string => `${LOGIN_PAGE}?retorno=${encodeURIComponent(back)}`;

/**
 * The logged-in customer, or the way to the login page and back to this page (its path and query). A
 * platform that cannot say who this is counts as a guest: the login page says what is wrong.
 */
export async function requireLogin(
  client: Client,
  { url }: Pick<Visit, 'url'>,
): Promise<{ user: User } | { redirect: string }> {
  const user = await getUser(client).catch(() => undefined);
  if (user?.logado) return { user };
  return { redirect: loginFor(url.pathname + url.search) };
}
