import { createHash } from 'node:crypto';
import { PREFETCH_RULES } from '#/lib/inline-scripts.ts';
import { pageStyles, STYLE_ELEMENT } from './page-styles.ts';

/**
 * Astro's Content-Security-Policy names the hash of every style the build inlines (57 on this store) and
 * of every inline script the store has (15), whichever page is sent: kilobytes of header on every page,
 * sent before the first byte of HTML, though a page holds two or three `<style>` elements and four
 * scripts. For a shareable HTML page this keeps in `style-src` and `script-src` only the hashes of the
 * styles and scripts the page holds (and of the speculation rules its prefetch script adds): the policy
 * allows less than before, never more. The page's styles also lose the rules of components it did not
 * render (edge/page-styles.ts); such a trimmed style is named by its new hash, in place of the one Astro
 * allowed. It is done as a page is rendered for the route cache (edge/route-cache.ts), so a cached page
 * costs nothing more to send. Private pages stream, and keep Astro's header and styles as they are.
 */
/** Inline scripts the browser runs: no `src`, and no data type (JSON-LD and JSON are not run, nor checked). */
const SCRIPT_ELEMENT = /<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g;
const DATA_OR_EXTERNAL = /\ssrc=|\stype="?application\/(ld\+)?json/;
const CSP = 'Content-Security-Policy';
const HASH = /^'sha(256|384|512)-/;

const source = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
/** Scripts that scripts of the page add as they run, not written in its HTML. */
const ADDED_BY_SCRIPTS = [source(PREFETCH_RULES)];

/** The `'sha256-…'` sources of the styles and of the inline scripts in `html`. */
function pageSources(html: string): Set<string> {
  const sources = new Set<string>();
  for (const [, , css = ''] of html.matchAll(STYLE_ELEMENT)) sources.add(source(css));
  for (const [, attributes = '', code = ''] of html.matchAll(SCRIPT_ELEMENT))
    if (!DATA_OR_EXTERNAL.test(attributes)) sources.add(source(code));
  return sources;
}

/**
 * The policy with `style-src` and `script-src` holding, of their hashes, only those in `keep`, and the
 * sources `added` (a trimmed style's new hash) after `style-src`'s; every other source stays.
 */
export function trimHashes(policy: string, keep: ReadonlySet<string>, added: readonly string[] = []): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      if (name !== 'style-src' && name !== 'script-src') return directive;
      const kept = sources.filter((s) => !HASH.test(s) || keep.has(s));
      return [name, ...kept, ...(name === 'style-src' ? added : [])].join(' ');
    })
    .join(';');
}

/**
 * A rendered page with its styles trimmed to the components it renders and its policy's hashes to its
 * own (a shareable HTML page with a CSP header); any other answer as it came. Run once per rendering,
 * before the route cache keeps the page.
 */
export async function withOwnHashes(res: Response): Promise<Response> {
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
  headers.set(CSP, trimHashes(policy, new Set([...pageSources(html), ...ADDED_BY_SCRIPTS]), added));
  return new Response(html, { status: res.status, statusText: res.statusText, headers });
}
