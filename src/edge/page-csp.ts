import { createHash } from 'node:crypto';
import { PREFETCH_RULES } from '#/lib/inline-scripts.ts';
import { SITE_CONFIG_ID } from '#/lib/site-config.ts';
import type { SiteConfig } from '#/lib/site-config.ts';
import { TAG_MANAGER_CONNECT, TAG_MANAGER_ORIGIN } from '#/lib/tag-manager.ts';
import { withoutIslandRuntime } from './island-runtime.ts';
import { pageStyles, STYLE_ELEMENT } from './page-styles.ts';

/**
 * Astro's Content-Security-Policy names the hash of every style the build inlines (57 on this store) and
 * of every inline script the store has (15), whichever page is sent: kilobytes of header on every page,
 * sent before the first byte of HTML, though a page holds two or three `<style>` elements and four
 * scripts. For a shareable HTML page this keeps in `style-src` and `script-src` only the hashes of the
 * styles and scripts the page holds (and of the speculation rules its prefetch script adds): the policy
 * allows less than before, never more. The page's styles also lose the rules of components it did not
 * render (edge/page-styles.ts); such a trimmed style is named by its new hash, in place of the one Astro
 * allowed; and Astro's inline islands' runtime is left out (edge/island-runtime.ts). It is done as a
 * page is rendered, in the route cache's pass (edge/route-cache.ts): a kept page once, so it costs nothing
 * more to send; a page of one visitor (the search, the cart, the account) each time, about a millisecond
 * for 3 KB less of header; and once at build time for a prerendered page, whose policy is a `<meta>`
 * (edge/static-pages.ts).
 */
/** Inline scripts the browser runs: no `src`, and no data type (JSON-LD and JSON are not run, nor checked). */
const SCRIPT_ELEMENT = /<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g;
const DATA_OR_EXTERNAL = /\ssrc=|\stype="?application\/(ld\+)?json/;
const CSP = 'Content-Security-Policy';
/** Where Astro keeps a response's `Astro.cookies` (astro/dist/core/cookies/response.js). */
const ASTRO_COOKIES = Symbol.for('astro.cookies');
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
 * sources `added` (a trimmed style's new hash) after `style-src`'s; the sources in `dropped` leave every
 * directive; every other source stays.
 */
export function trimHashes(
  policy: string,
  keep: ReadonlySet<string>,
  added: readonly string[] = [],
  dropped: ReadonlySet<string> = new Set(),
): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      const hashed = name === 'style-src' || name === 'script-src';
      if (!hashed && !sources.some((s) => dropped.has(s))) return directive;
      const kept = sources.filter((s) => !dropped.has(s) && (!hashed || !HASH.test(s) || keep.has(s)));
      return [name, ...kept, ...(name === 'style-src' ? added : [])].join(' ');
    })
    .join(';');
}

const CONFIG_ELEMENT = new RegExp(`<script[^>]*\\sid="${SITE_CONFIG_ID}"[^>]*>([^<]*)</script>`);
const TAG_MANAGER = new Set<string>([TAG_MANAGER_ORIGIN, ...TAG_MANAGER_CONNECT]);

/** The tag manager's sources, when the page's site config names no container (none loads there). */
function unusedTagManager(html: string): ReadonlySet<string> {
  try {
    const config = JSON.parse(CONFIG_ELEMENT.exec(html)?.[1] ?? '{}') as Partial<SiteConfig>;
    return config.gtm === '' ? TAG_MANAGER : new Set();
  } catch {
    return new Set();
  }
}

/**
 * A page as it is kept: without the inline islands' runtime, its styles trimmed to the components
 * it renders, and `policy` with its hashes trimmed to the page's own (and without the tag manager's
 * sources when the store has none).
 */
export function ownPage(page: string, policy: string): { html: string; policy: string } {
  const { html, rewritten } = pageStyles(withoutIslandRuntime(page));
  // A trimmed style is allowed by its new hash only if the policy allowed it as it was built.
  const added = [...rewritten]
    .filter(([built]) => policy.includes(source(built)))
    .map(([, trimmed]) => source(trimmed));
  const keep = new Set([...pageSources(html), ...ADDED_BY_SCRIPTS]);
  return { html, policy: trimHashes(policy, keep, added, unusedTagManager(html)) };
}

/** The policy `<meta>` Astro writes into a prerendered page. */
const POLICY_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;

/** A prerendered page as it is kept ({@link ownPage}), its `<meta>` policy trimmed; a page without one as it came. */
export function ownStaticPage(page: string): string {
  const policy = POLICY_META.exec(page)?.[2];
  if (policy === undefined) return page;
  const own = ownPage(page, policy);
  return own.html.replace(
    POLICY_META,
    (_, open: string, _policy: string, close: string) => open + own.policy + close,
  );
}

/**
 * A rendered page as it is sent and kept ({@link ownPage}): an HTML page with a CSP header, shareable or
 * not; any other answer as it came. Run once per rendering, before the route cache keeps a shareable page.
 */
export async function withOwnHashes(res: Response): Promise<Response> {
  const policy = res.headers.get(CSP);
  if (!policy || !res.body || !(res.headers.get('Content-Type') ?? '').startsWith('text/html')) return res;
  const own = ownPage(await res.text(), policy);
  const headers = new Headers(res.headers);
  headers.set(CSP, own.policy);
  const out = new Response(own.html, { status: res.status, statusText: res.statusText, headers });
  // The cookies the page set (`Astro.cookies`) ride on the response object until Astro writes them as
  // headers, after this: the new response carries them on.
  Reflect.set(out, ASTRO_COOKIES, Reflect.get(res, ASTRO_COOKIES));
  return out;
}
