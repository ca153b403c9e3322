import { createHash } from 'node:crypto';

/**
 * Astro's Content-Security-Policy names, in `style-src`, the hash of every style the build inlines (57 on
 * this store), whichever page is sent: 3 KB of header on every page, sent before the first byte of HTML,
 * though a page holds two or three `<style>` elements. For a shareable HTML page this keeps in `style-src`
 * only the hashes of the styles the page holds: the policy allows less than before, never more. It is done
 * as a page is rendered for the route cache (edge/route-cache.ts), so a cached page costs nothing more to
 * send. Private pages stream, and keep Astro's header as it is.
 */
const STYLE_ELEMENT = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g;
const CSP = 'Content-Security-Policy';

/** The `'sha256-…'` sources of the styles in `html`. */
function styleSources(html: string): Set<string> {
  const sources = new Set<string>();
  for (const [, css = ''] of html.matchAll(STYLE_ELEMENT))
    sources.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  return sources;
}

/** The policy with `style-src` holding, of its hashes, only those in `keep`; every other source stays. */
export function trimStyleHashes(policy: string, keep: ReadonlySet<string>): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'style-src') return directive;
      return [name, ...sources.filter((s) => !/^'sha(256|384|512)-/.test(s) || keep.has(s))].join(' ');
    })
    .join(';');
}

/**
 * A rendered page with its policy's style hashes trimmed to its own (a shareable HTML page with a CSP
 * header); any other answer as it came. Run once per rendering, before the route cache keeps the page.
 */
export async function withPageStyleHashes(res: Response): Promise<Response> {
  const policy = res.headers.get(CSP);
  if (
    !policy ||
    !res.body ||
    !(res.headers.get('Content-Type') ?? '').startsWith('text/html') ||
    !/\bpublic\b/.test(res.headers.get('Cache-Control') ?? '')
  )
    return res;
  const html = await res.text();
  const headers = new Headers(res.headers);
  headers.set(CSP, trimStyleHashes(policy, styleSources(html)));
  return new Response(html, { status: res.status, statusText: res.statusText, headers });
}
