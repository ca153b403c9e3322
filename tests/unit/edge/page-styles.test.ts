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
      '.card._0{padding:4px}',
      '.price._0{color:red}',
      '@media (min-width:1024px){.card._0 .icon{width:20px}}',
      '[data-astro-template]{display:none}',
    ].join(''),
  );
  expect(html).toContain(`<style>${after ?? ''}</style>`);
  expect(html).toContain('<article class="card _0">Cuba</article>');
});

test('a page rendering every component keeps every rule; a class named only in text is no element', () => {
  const all = page('<div class="gallery astro-bbbbbbbb"><p class="card astro-aaaaaaaa">oi</p></div>');
  expect(pageStyles(all).html).toContain('.gallery._1{display:grid}');
  expect(pageStyles(all).html).toContain('.price._0,.zoom._1{color:red}');
  const plain =
    '<!doctype html><html><head><style>body{margin:0}</style></head><body><p>oi</p></body></html>';
  expect(pageStyles(plain)).toEqual({ html: plain, rewritten: new Map() });
  // A scope named in a script or a text, not in an element's class, is no element of the page.
  const text = page('<p>.astro-bbbbbbbb</p><script>"astro-bbbbbbbb"</script>');
  expect(pageStyles(text).html).not.toContain('.gallery.astro-bbbbbbbb');
});

test("the page's scopes take short names, the same in its styles and in its elements' classes, and nowhere else", () => {
  const body =
    '<div class="gallery astro-bbbbbbbb"><p class="card astro-aaaaaaaa" title="astro-aaaaaaaa">oi</p></div>' +
    '<script>"astro-aaaaaaaa"</script>';
  const { html, rewritten } = pageStyles(page(body));
  const [[, after] = []] = [...rewritten];
  expect(after).toBe(
    [
      'body{margin:0}',
      '.card._0{padding:4px}',
      '.gallery._1{display:grid}',
      '.price._0,.zoom._1{color:red}',
      '@media (min-width:1024px){.gallery._1{gap:8px}}',
      '@media (min-width:1024px){.card._0 .icon{width:20px}}',
      '[data-astro-template]{display:none}',
    ].join(''),
  );
  expect(html).toContain(
    '<div class="gallery _1"><p class="card _0" title="astro-aaaaaaaa">oi</p></div><script>"astro-aaaaaaaa"</script>',
  );
  expect(html).not.toMatch(/\sclass="[^"]*astro-/);
});
