/**
 * The shopper session as it travels: the platform's cookie name and how long a browser keeps it. The
 * platform issues and checks the ids (`src/server/accounts/sessions.ts`); the store's pages only carry
 * them.
 */
export const SESSION_COOKIE = 'PHPSESSID';

const DAY_S = 24 * 60 * 60;

/**
 * How long a browser keeps the cookie: an id's own lifetime (30 days) plus the 30 days its cart is
 * kept after that, so a shopper who returns late is given a new id that carries the cart over.
 */
export const SESSION_COOKIE_MAX_AGE_S = 60 * DAY_S;
