import { expect, test } from 'vitest';
import { pageStyles } from '#/edge/page-styles.ts';

const css = [
  'body{margin:0}',
  '.card.astro-aaaaaaaa{padding:4px}',
  '.gallery.astro-bbbbbbbb{display:grid}',
  '.price.astro-aaaaaaaa,.zoom.astro-bbbbbbbb{color:red}',
  '@media (min-width:1024px){.gallery.astro-bbbbbbbb{gap:8px}}',
  '@media (min-width:1024px){.card.astro-aaaaaaaa .icon{width:20px}}',
  '[data-astro-template]{display:none}',
].join('');
const page = (body: string) =>
  `<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`;

test("a page keeps its global rules and its rendered components' rules, and loses the others'", () => {
  const { html, rewritten } = pageStyles(page('<article class="card astro-aaaaaaaa">Cuba</article>'));
  const [[before, after] = []] = [...rewritten];
  expect(before).toBe(css);
  expect(after).toBe(
    [
      'body{margin:0}',
      '.card.astro-aaaaaaaa{padding:4px}',
      '.price.astro-aaaaaaaa{color:red}',
      '@media (min-width:1024px){.card.astro-aaaaaaaa .icon{width:20px}}',
      '[data-astro-template]{display:none}',
    ].join(''),
  );
  expect(html).toContain(`<style>${after ?? ''}</style>`);
  expect(html).toContain('<article class="card astro-aaaaaaaa">Cuba</article>');
});

test('a page rendering every component, or a class named only in text, keeps its styles as built', () => {
  const all = page('<div class="gallery astro-bbbbbbbb"><p class="card astro-aaaaaaaa">oi</p></div>');
  expect(pageStyles(all)).toEqual({ html: all, rewritten: new Map() });
  // A scope named in a script or a text, not in an element's class, is no element of the page.
  const text = page('<p>.astro-bbbbbbbb</p><script>"astro-bbbbbbbb"</script>');
  expect(pageStyles(text).html).not.toContain('.gallery.astro-bbbbbbbb');
});
