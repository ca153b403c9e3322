import { LRUCache } from 'lru-cache';
import postcss from 'postcss';
import type { Root } from 'postcss';

/**
 * Astro puts in a page the styles of every component its route imports, rendered or not: the catalogue's
 * one route (`[...slug].astro`) renders a listing, a product or a landing page, so each of them carried the
 * others' styles (5 KB on a listing). A component's scoped rules only ever match elements carrying its
 * `astro-…` class, which Astro writes into the server's HTML (islands never do), so a rule whose selectors
 * all name a class no element of the page has matches nothing, and is left out. The scopes left then take
 * short names (`_0`, `_1`…, the same in the styles and in the elements' classes): Astro's are 14
 * characters on hundreds of elements of a listing, about 170 bytes of it once compressed.
 */
const SCOPE = /\.astro-[a-z0-9]{8}(?![\w-])/g;
const SCOPED = /\.astro-[a-z0-9]{8}(?![\w-])/;
/** A `<style>` element: its opening tag, its CSS, its closing tag. */
export const STYLE_ELEMENT = /(<style(?:\s[^>]*)?>)([\s\S]*?)(<\/style>)/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
/** A whole `<style>` element, kept as one part when the page is split around them. */
const STYLE_ELEMENT_WHOLE = /(<style(?:\s[^>]*)?>[\s\S]*?<\/style>)/;
/** A scope among an element's class names. */
const SCOPE_NAME = /(?<![\w-])astro-[a-z0-9]{8}(?![\w-])/g;

/** The scope classes the page's elements carry, as selectors (`.astro-…`). */
function scopesIn(html: string): Set<string> {
  const scopes = new Set<string>();
  for (const [, names = ''] of html.replace(STYLE_ELEMENT, '').matchAll(CLASS_ATTRIBUTE))
    for (const name of names.split(/\s+/)) if (name.startsWith('astro-')) scopes.add(`.${name}`);
  return scopes;
}

/** Drop from `root` the selectors naming a scope no element has, the rules left with none, and emptied at-rules. */
function prune(root: Root, present: ReadonlySet<string>): void {
  const matches = (selector: string) => (selector.match(SCOPE) ?? []).every((scope) => present.has(scope));
  root.walkRules((rule) => {
    const kept = rule.selectors.filter(matches);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
}

/**
 * A route's styles are the same bytes on each of its pages, and its views render a handful of component
 * sets: each pair is trimmed once (about 8 ms for a listing's 28 KB) and remembered.
 */
const trimmed = new LRUCache<string, string>({ max: 200 });

/** Each scope of the page (`.astro-…`) and its short name (`._0`), numbered in a fixed order. */
function shortNames(present: ReadonlySet<string>): Map<string, string> {
  return new Map([...present].sort().map((scope, i) => [scope, `._${i.toString(36)}`]));
}

function trim(css: string, present: ReadonlySet<string>, short: ReadonlyMap<string, string>): string {
  const key = `${[...present].sort().join(' ')}\n${css}`;
  let out = trimmed.get(key);
  if (out === undefined) {
    const root = postcss.parse(css);
    prune(root, present);
    out = root.toString().replace(SCOPE, (scope) => short.get(scope) ?? scope);
    trimmed.set(key, out);
  }
  return out;
}

/**
 * The page's `<style>` elements without the rules of components it did not render, and its scopes by their
 * short names; `rewritten` maps each changed style's old content to its new one, so the page's policy can
 * name the new one's hash.
 */
export function pageStyles(html: string): { html: string; rewritten: Map<string, string> } {
  const present = scopesIn(html);
  const short = shortNames(present);
  const rewritten = new Map<string, string>();
  const styled = html.replace(STYLE_ELEMENT, (element, open: string, css: string, close: string) => {
    if (!SCOPED.test(css)) return element;
    const pruned = trim(css, present, short);
    if (pruned === css) return element;
    rewritten.set(css, pruned);
    return `${open}${pruned}${close}`;
  });
  if (short.size === 0) return { html: styled, rewritten };
  // Outside the styles, only the elements' class attributes: a scope in a text or a script stays as written.
  const out = styled
    .split(STYLE_ELEMENT_WHOLE)
    .map((part) =>
      part.startsWith('<style')
        ? part
        : part.replace(CLASS_ATTRIBUTE, (attribute) =>
            attribute.replace(SCOPE_NAME, (name) => short.get(`.${name}`)?.slice(1) ?? name),
          ),
    )
    .join('');
  return { html: out, rewritten };
}
