import { createHash } from 'node:crypto';
import { pageStyles } from './page-styles.ts';

/**
 * Astro's Content-Security-Policy names, in `style-src`, the hash of every style the build inlines (57 on
 * this store), whichever page is sent: 3 KB of header on every page, sent before the first byte of HTML,
 * though a page holds two or three `<style>` elements. For a shareable HTML page this keeps in `style-src`
 * only the hashes of the styles the page holds: the policy allows less than before, never more. The page's
 * styles also lose the rules of components it did not render (edge/page-styles.ts); such a trimmed style is
 * named by its new hash, in place of the one Astro allowed. It is done as a page is rendered for the route
 * cache (edge/route-cache.ts), so a cached page costs nothing more to send. Private pages stream, and keep
 * Astro's header and styles as they are.
 */
const STYLE_ELEMENT = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g;
const CSP = 'Content-Security-Policy';

const source = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/** The `'sha256-…'` sources of the styles in `html`. */
function styleSources(html: string): Set<string> {
  const sources = new Set<string>();
  for (const [, css = ''] of html.matchAll(STYLE_ELEMENT)) sources.add(source(css));
  return sources;
}

/**
 * The policy with `style-src` holding, of its hashes, only those in `keep`, and the sources `added` (a
 * trimmed style's new hash) after them; every other source stays.
 */
export function trimStyleHashes(
  policy: string,
  keep: ReadonlySet<string>,
  added: readonly string[] = [],
): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'style-src') return directive;
      return [name, ...sources.filter((s) => !/^'sha(256|384|512)-/.test(s) || keep.has(s)), ...added].join(
        ' ',
      );
    })
    .join(';');
}

/**
 * A rendered page with its styles trimmed to the components it renders and its policy's style hashes to
 * its own (a shareable HTML page with a CSP header); any other answer as it came. Run once per rendering,
 * before the route cache keeps the page.
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
  const { html, rewritten } = pageStyles(await res.text());
  // A trimmed style is allowed by its new hash only if Astro's policy allowed it as it was built.
  const added = [...rewritten]
    .filter(([built]) => policy.includes(source(built)))
    .map(([, trimmed]) => source(trimmed));
  const headers = new Headers(res.headers);
  headers.set(CSP, trimStyleHashes(policy, styleSources(html), added));
  return new Response(html, { status: res.status, statusText: res.statusText, headers });
}
