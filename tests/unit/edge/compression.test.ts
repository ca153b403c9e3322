import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { compression, pickEncoding } from '#/edge/compression.ts';

const html = `<!doctype html><p>${'Torneira gourmet '.repeat(400)}</p>`;
const app = new Hono();
app.use(compression());
app.get('/public', (c) => c.html(html, 200, { 'Cache-Control': 'public, max-age=60' }));
app.get('/private', (c) =>
  c.json({ itens: Array.from({ length: 200 }, (_, i) => ({ i, nome: 'Cuba inox' })) }, 200, {
    'Cache-Control': 'no-store',
  }),
);
app.get('/tiny', (c) => c.html('<p>oi</p>', 200, { 'Cache-Control': 'public' }));

test('the encoding follows Accept-Encoding, brotli first, q=0 refused', () => {
  expect(pickEncoding('gzip, deflate, br')).toBe('br');
  expect(pickEncoding('gzip')).toBe('gzip');
  expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
  expect(pickEncoding('identity')).toBeUndefined();
  expect(pickEncoding(undefined)).toBeUndefined();
});

test('shareable HTML is compressed with brotli or gzip and decodes to the same bytes', async () => {
  const br = await app.request('/public', { headers: { 'Accept-Encoding': 'br' } });
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
  expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
  const gz = await app.request('/public', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
});

test('private answers stream compressed; tiny ones and refusing clients get plain bytes', async () => {
  const res = await app.request('/private', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(res.headers.get('content-encoding')).toBe('gzip');
  expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toHaveProperty('itens');
  expect(
    (await app.request('/tiny', { headers: { 'Accept-Encoding': 'br' } })).headers.get('content-encoding'),
  ).toBeNull();
  const plain = await app.request('/public');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(html);
});

test('a shareable answer sent once is compressed too, but only reused ones are kept compressed', async () => {
  const reusedApp = new Hono();
  reusedApp.use(compression());
  let n = 0;
  reusedApp.get('/hit', (c) =>
    c.html(`${html}<!-- ${String(++n)} -->`, 200, {
      'Cache-Control': 'public, max-age=60',
      'X-Astro-Cache': 'HIT',
    }),
  );
  reusedApp.get('/miss', (c) =>
    c.html(`${html}<!-- ${String(++n)} -->`, 200, { 'Cache-Control': 'public, max-age=60' }),
  );
  reusedApp.get('/static', (c) => c.html(html, 200, { 'Cache-Control': 'public', 'X-Loja-Reusado': '1' }));
  for (const path of ['/hit', '/miss', '/static']) {
    const res = await reusedApp.request(path, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.has('X-Loja-Reusado')).toBe(false);
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toContain(
      'Torneira gourmet',
    );
  }
  expect((await reusedApp.request('/static')).headers.has('X-Loja-Reusado')).toBe(false);
});

test('a page built to HTML and a route-cache hit go out at brotli 11, smaller than a page sent once', async () => {
  // A marketing page's text, varied enough that the quality shows.
  const page = `<!doctype html>${Array.from({ length: 600 }, (_, i) => `<p class="p${String(i % 37)}">Cuba ${String((i * 7919) % 1000)} inox ${String(i)}</p>`).join('')}`;
  const built = new Hono();
  built.use(compression());
  built.get('/pagina', (c) => c.html(page, 200, { 'Cache-Control': 'public', 'X-Loja-Reusado': '1' }));
  built.get('/hit', (c) =>
    c.html(page, 200, { 'Cache-Control': 'public, max-age=60', 'X-Astro-Cache': 'HIT' }),
  );
  built.get('/miss', (c) => c.html(page, 200, { 'Cache-Control': 'public, max-age=60' }));
  const size = async (path: string) => {
    const res = await built.request(path, { headers: { 'Accept-Encoding': 'br' } });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(page);
    return bytes.length;
  };
  const first = await size('/pagina');
  expect(await size('/pagina')).toBe(first);
  expect(await size('/hit')).toBe(first);
  expect(first).toBeLessThan(await size('/miss'));
  const gz = await built.request('/pagina', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);
});

test("a page of one visitor, whole already, is compressed whole and harder than a stream's brotli 4", async () => {
  const page = `<!doctype html><ul>${Array.from(
    { length: 400 },
    (_, i) =>
      `<li class="card"><a href="/torneira-${String((i * 7919) % 1009)}.html">Torneira ${String(i)} linha ${String((i * 37) % 97)}</a><span>R$ ${(i * 13.7).toFixed(2)}</span></li>`,
  ).join('')}</ul>`;
  const own = new Hono();
  own.use(compression());
  own.get('/conta', (c) => c.html(page, 200, { 'Cache-Control': 'private, no-store' }));
  const res = await own.request('/conta', { headers: { 'Accept-Encoding': 'br' } });
  expect(res.headers.get('content-encoding')).toBe('br');
  const sent = Buffer.from(await res.arrayBuffer());
  expect(brotliDecompressSync(sent).toString()).toBe(page);
  const streamed = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  expect(sent.length).toBeLessThan(streamed.length);
});

test.each(['/sized', '/sized-private'])(
  '%s: a compressed answer says its own length and keeps Vary: Accept-Encoding beside the page’s own Vary',
  async (path) => {
    const sized = new Hono();
    sized.use(compression());
    const headers = (cache: string) => ({
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(html)),
      'Cache-Control': cache,
      Vary: 'Origin',
    });
    sized.get('/sized', () => new Response(html, { headers: headers('public, max-age=60') }));
    sized.get('/sized-private', () => new Response(html, { headers: headers('no-store') }));
    const res = await sized.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = Buffer.from(await res.arrayBuffer());
    const length = res.headers.get('content-length');
    if (length !== null) expect(Number(length)).toBe(body.length);
    expect(res.headers.get('vary')).toMatch(/Origin/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(gunzipSync(body).toString()).toBe(html);
  },
);
