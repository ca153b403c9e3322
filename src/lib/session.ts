/** The shopper session cookie, as the platform names it. */
export const SESSION_COOKIE = 'PHPSESSID';

/** HttpOnly, SameSite=Lax, Secure under https, for the whole site. */
export const sessionCookieOptions = (url: URL) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:' }) as const;
