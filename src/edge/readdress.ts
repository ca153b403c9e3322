/**
 * What Astro's node adapter hangs on the request it made, under registered symbols: the visitor's address
 * (`astro.clientAddress`) and the render options (`astro.renderOptions`), among them `addCookieHeader`,
 * without which the page's `Astro.cookies` are never written as `Set-Cookie`. Only registered `astro.*`
 * symbols: the Request's own internal state stays its own.
 */
function astroSymbols(request: Request): symbol[] {
  return Object.getOwnPropertySymbols(request).filter((key) => Symbol.keyFor(key)?.startsWith('astro.'));
}

/**
 * The same request addressed to `url` (the public origin, or the page without parameters it does not
 * read), still carrying what the adapter attached to it: the visitor's address for rate limits and logs,
 * and the options that make the page's cookies reach the browser.
 */
export function readdress(raw: Request, url: string): Request {
  const moved = new Request(url, raw);
  for (const key of astroSymbols(raw)) Reflect.set(moved, key, Reflect.get(raw, key));
  return moved;
}
