/**
 * An address of this store as a path (`/cozinha/?marca=x`): the platform gives listings' filter and
 * ordering links absolute, and a listing carries dozens of them, each repeating the origin. A path is the
 * same link for a shopper and a crawler (a page's canonical and its `prev`/`next` stay absolute). Any other
 * address (another site, a malformed one) comes back as it is.
 */
export function ownPath(url: string, origin: string): string {
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}
