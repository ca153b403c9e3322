import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import runtime from 'astro/runtime/server/astro-island.prebuilt.js';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { ownStaticPage, trimHashes, withOwnHashes } from '#/edge/page-csp.ts';
import { PREFETCH_RULES } from '#/lib/inline-scripts.ts';
import { SITE_CONFIG_ID, siteConfigJson } from '#/lib/site-config.ts';
import { TAG_MANAGER_CONNECT, TAG_MANAGER_ORIGIN } from '#/lib/tag-manager.ts';

const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
const used = ['.a{color:red}', 'astro-island{display:contents}'];
const unused = ['.b{color:blue}', '.c{margin:0}', '.d{padding:0}'];
const policy = [
  "default-src 'self'",
  `script-src 'self' ${hash('console.log(1)')} ${hash('console.log(2)')} ${hash(PREFETCH_RULES)}`,
  `style-src 'self' ${[...used, ...unused].map(hash).join(' ')}`,
  "style-src-attr 'unsafe-inline'",
].join(';');
const html = `<!doctype html><head><style>${used[0] ?? ''}</style><style data-x="1">${used[1] ?? ''}</style><script type="application/ld+json">{"a":1}</script></head><body>oi<script>console.log(1)</script></body>`;

const page = (cacheControl: string) =>
  withOwnHashes(
    new Response(html, {
      headers: {
        'Content-Type': 'text/html; charset=UTF-8',
        'Content-Security-Policy': policy,
        'Cache-Control': cacheControl,
      },
    }),
  );

test("a shareable page's style-src and script-src keep only the hashes of its own styles and scripts, and everything else", async () => {
  const res = await page('public, max-age=60');
  expect(await res.text()).toBe(html);
  const trimmed = res.headers.get('Content-Security-Policy') ?? '';
  for (const css of used) expect(trimmed).toContain(hash(css));
  for (const css of unused) expect(trimmed).not.toContain(hash(css));
  // Its own script, and the speculation rules its prefetch script adds; not another page's script.
  expect(trimmed).toContain(`script-src 'self' ${hash('console.log(1)')} ${hash(PREFETCH_RULES)}`);
  expect(trimmed).not.toContain(hash('console.log(2)'));
  expect(trimmed).not.toContain(hash('{"a":1}'));
  expect(trimmed).toContain("style-src-attr 'unsafe-inline'");
  expect(trimmed).toContain("default-src 'self'");
  expect(trimmed.length).toBeLessThan(policy.length);
});

test("a page of one visitor (never kept) is sent with its own hashes too; a page's cookies go with it", async () => {
  const res = await withOwnHashes(
    new Response(html, {
      headers: [
        ['Content-Type', 'text/html; charset=UTF-8'],
        ['Content-Security-Policy', policy],
        ['Cache-Control', 'private, no-store'],
        ['Set-Cookie', 'a=1; Path=/; HttpOnly'],
        ['Set-Cookie', 'b=2; Path=/'],
      ],
    }),
  );
  const trimmed = res.headers.get('Content-Security-Policy') ?? '';
  expect(trimmed).toContain(hash('console.log(1)'));
  expect(trimmed).not.toContain(hash('console.log(2)'));
  expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
});

test('the cookies a page set with Astro.cookies, which Astro writes as headers later, stay with it', async () => {
  const rendered = new Response(html, {
    headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': policy, 'Cache-Control': 'no-store' },
  });
  const cookies = { set: 'cep=20040020' };
  Reflect.set(rendered, Symbol.for('astro.cookies'), cookies);
  const sent = await withOwnHashes(rendered);
  expect(sent).not.toBe(rendered);
  expect(Reflect.get(sent, Symbol.for('astro.cookies'))).toBe(cookies);
});

test('an answer that is not an HTML page with a policy is sent as it came', async () => {
  const json = new Response('{}', {
    headers: { 'Content-Type': 'application/json', 'Content-Security-Policy': policy },
  });
  expect(await withOwnHashes(json)).toBe(json);
  const bare = new Response(html, { headers: { 'Content-Type': 'text/html' } });
  expect(await withOwnHashes(bare)).toBe(bare);
});

test('a style-src of only sources other than hashes is left alone', () => {
  expect(trimHashes("style-src 'self' https://fonts.example", new Set())).toBe(
    "style-src 'self' https://fonts.example",
  );
});

test('a trimmed style is named by its new hash, in place of the built one; a style Astro never allowed stays unnamed', async () => {
  const built = '.a{color:red}.b.astro-bbbbbbbb{color:blue}';
  const stray = '.x.astro-cccccccc{color:green}.y{margin:0}';
  const res = await withOwnHashes(
    new Response(
      `<!doctype html><head><style>${built}</style><style>${stray}</style></head><body><p class="a">oi</p></body>`,
      {
        headers: {
          'Content-Type': 'text/html',
          'Content-Security-Policy': `style-src 'self' ${hash(built)}`,
          'Cache-Control': 'public, max-age=60',
        },
      },
    ),
  );
  const body = await res.text();
  expect(body).toContain('<style>.a{color:red}</style>');
  expect(body).toContain('<style>.y{margin:0}</style>');
  expect(res.headers.get('Content-Security-Policy')).toBe(`style-src 'self' ${hash('.a{color:red}')}`);
});

/** A page of the store's layout: its islands, Astro's inline runtime before them, and the site config. */
const storePage = (gtm: string, second = 'client="late"') =>
  `<!doctype html><head><style>.a{color:red}</style></head><body><style>${ISLAND_STYLES}</style><script>${runtime}</script>` +
  `<astro-island uid="1" client="late" prefix="r1" opts="{&quot;name&quot;:&quot;Shell&quot;,&quot;value&quot;:true}"></astro-island><astro-island uid="2" ${second}></astro-island>` +
  `<script type="application/json" id="${SITE_CONFIG_ID}">${siteConfigJson({ token: 't', storeName: 'Loja', gtm })}</script></body>`;
const storePolicy = [
  "default-src 'self'",
  `connect-src 'self' ${TAG_MANAGER_CONNECT.join(' ')}`,
  `script-src 'self' ${TAG_MANAGER_ORIGIN} ${hash(runtime)}`,
  `style-src 'self' ${hash('.a{color:red}')} ${hash(ISLAND_STYLES)}`,
].join(';');
const kept = (gtm: string, second?: string) =>
  withOwnHashes(
    new Response(storePage(gtm, second), {
      headers: {
        'Content-Type': 'text/html',
        'Content-Security-Policy': storePolicy,
        'Cache-Control': 'public',
      },
    }),
  );

test("a kept page leaves out Astro's inline islands' runtime (client:late's islands bring it), its style and their hashes", async () => {
  const res = await kept('GTM-ABC123');
  const body = await res.text();
  expect(body).not.toContain('customElements.define("astro-island"');
  expect(body).not.toContain(ISLAND_STYLES);
  expect(res.headers.get('Content-Security-Policy')).not.toContain(hash(ISLAND_STYLES));
  expect(body).toContain('<astro-island client="late"');
  // Astro's id for its dev server's hot reload goes too; React's prefix stays.
  expect(body).not.toContain('uid=');
  expect(res.headers.get('Content-Security-Policy')).not.toContain(hash(runtime));
});

test("a page with an island that wakes otherwise than client:late keeps Astro's inline runtime", async () => {
  const res = await kept('GTM-ABC123', 'client="load"');
  expect(await res.text()).toContain(`<script>${runtime}</script>`);
  expect(res.headers.get('Content-Security-Policy')).toContain(hash(runtime));
});

test("a page whose islands are all for some screens only keeps Astro's inline runtime", async () => {
  const phones =
    'opts="{&quot;name&quot;:&quot;MobileMenu&quot;,&quot;value&quot;:&quot;(max-width: 1023px)&quot;}"';
  const page = `<body><script>${runtime}</script><astro-island uid="1" client="late" ${phones}></astro-island></body>`;
  const res = await withOwnHashes(
    new Response(page, {
      headers: {
        'Content-Type': 'text/html',
        'Content-Security-Policy': storePolicy,
        'Cache-Control': 'public',
      },
    }),
  );
  expect(await res.text()).toBe(page);
});

test("the tag manager's sources stay while the store has a container, and leave when it has none", async () => {
  const withContainer = (await kept('GTM-ABC123')).headers.get('Content-Security-Policy') ?? '';
  expect(withContainer).toContain(`script-src 'self' ${TAG_MANAGER_ORIGIN}`);
  for (const source of TAG_MANAGER_CONNECT) expect(withContainer).toContain(source);
  const without = (await kept('')).headers.get('Content-Security-Policy') ?? '';
  expect(without).toContain("connect-src 'self';");
  expect(without).toContain("script-src 'self';");
  expect(without).not.toContain('google');
  expect(without).toContain(hash('.a{color:red}'));
});

test("a prerendered page's <meta> policy is trimmed the same way, and its runtime left out", () => {
  const page = storePage('').replace(
    '<head>',
    `<head><meta http-equiv="content-security-policy" content="${storePolicy}">`,
  );
  const out = ownStaticPage(page);
  expect(out).not.toContain('customElements.define("astro-island"');
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(out)?.[1] ?? '';
  expect(meta).toContain(`style-src 'self' ${hash('.a{color:red}')}`);
  expect(meta).not.toContain(hash(runtime));
  expect(meta).not.toContain('google');
  expect(ownStaticPage('<h1>Sem política</h1>')).toBe('<h1>Sem política</h1>');
});
