/** Astro's node adapter hangs the visitor's address on the request it made, under this symbol. */
const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

/**
 * The same request addressed to `url` (the public origin, or the page without parameters it does not
 * read), still carrying the visitor's address for rate limits and logs.
 */
export function readdress(raw: Request, url: string): Request {
  const moved = new Request(url, raw);
  Reflect.set(moved, CLIENT_ADDRESS, Reflect.get(raw, CLIENT_ADDRESS));
  return moved;
}
