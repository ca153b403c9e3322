import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { servedMethods } from '#/edge/methods.ts';
import { ownHostsOnly } from '#/edge/own-hosts.ts';
import { pageParamsOnly } from '#/edge/query.ts';
import { FIELD_MAX, formFields, safeBack } from '#/controllers/fields.ts';

describe('return addresses stay on the store (no open redirect)', () => {
  test.each([
    '/\t/evil.tld',
    '/\n/evil.tld',
    '/\r/evil.tld',
    '/%09/evil.tld'.replace('%09', '\t'),
    '//evil.tld',
    '/\\evil.tld',
    '/\\/evil.tld',
    'https://evil.tld/',
    'javascript:alert(1)',
    ' /x',
  ])('%j goes to the fallback', (value) => {
    expect(safeBack(value, '/minha-conta/')).toBe('/minha-conta/');
  });

  test.each([
    ['/checkout/pagamento', '/checkout/pagamento'],
    ['/busca?busca=torneira#x', '/busca?busca=torneira#x'],
    ['/a/../b', '/b'],
  ])('%j stays as the path it parses to', (value, expected) => {
    expect(safeBack(value)).toBe(expected);
    // Whatever comes back, a browser resolves it on the store's own origin.
    expect(new URL(safeBack(value), 'https://loja.test').origin).toBe('https://loja.test');
  });
});

describe('methods nobody serves', () => {
  const app = new Hono();
  app.use(servedMethods());
  app.all('*', (c) => c.text('ok'));
  test.each(['PROPFIND', 'PATCH', 'LINK'])('%s is a 405 with Allow, on pages and the API', async (method) => {
    for (const path of ['/cozinha/', '/api/v2/front/settings']) {
      const res = await app.request(path, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toContain('GET');
    }
  });
  test('GET and POST go on', async () => {
    expect((await app.request('/', { method: 'GET' })).status).toBe(200);
    expect((await app.request('/', { method: 'POST' })).status).toBe(200);
  });
  test('the API keeps PUT, DELETE and OPTIONS', async () => {
    for (const method of ['PUT', 'DELETE', 'OPTIONS'])
      expect((await app.request('/api/v2/front/cart', { method })).status).toBe(200);
  });
  // Astro renders a page for any method and logs a warning per request for an endpoint without the
  // method: both are answered here, so a stranger cannot grow the log.
  test.each(['PUT', 'DELETE'])('%s on a page is a 405', async (method) => {
    const res = await app.request('/cozinha/', { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, POST');
  });
  test.each([
    '/robots.txt',
    '/sitemap.xml',
    '/sitemap-produtos-1.xml',
    '/sitemap-conteudo.xml',
    '/feeds/google.xml',
    '/minha-conta/pedidos/1001/nfe.xml',
    '/minha-conta/privacidade/meus-dados.zip',
    '/painel/pedidos.csv',
    '/painel/produtos/planilha.xlsx',
  ])('POST to the document %s is a 405 (documents are only read)', async (path) => {
    const res = await app.request(path, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
    expect((await app.request(path)).status).toBe(200);
  });
  test('OPTIONS on a page says what it allows', async () => {
    const res = await app.request('/', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, POST');
  });
});

describe('without SITE_URL, only the machine’s own names', () => {
  const app = new Hono();
  app.use(ownHostsOnly(new Set(['localhost', '127.0.0.1', '[::1]', 'minha-maquina'])));
  app.all('*', (c) => c.text(new URL(c.req.url).origin));
  test.each([
    'http://localhost:4321/',
    'http://127.0.0.1/cozinha/',
    'http://[::1]:4321/',
    'http://minha-maquina:4321/',
    'http://loja.localhost/',
  ])('%s is served', async (url) => {
    expect((await app.request(url)).status).toBe(200);
  });
  test.each([
    'http://evil.tld/',
    'http://evil.tld:4321/cozinha/',
    'http://localhost.evil.tld/',
    'http://10.9.8.7/',
  ])('%s is a 421 that says to set SITE_URL', async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(421);
    expect(await res.text()).toContain('SITE_URL');
  });
  test('the health check answers on any name', async () => {
    expect((await app.request('http://10.9.8.7/saude')).status).toBe(200);
  });
});

describe('pages see only the query parameters they read', () => {
  const app = new Hono();
  app.use(pageParamsOnly());
  app.all('*', (c) => c.text(new URL(c.req.url).search));
  test('junk and tracking parameters are dropped; the page is the bare page', async () => {
    expect(await (await app.request('http://localhost/cozinha/?x=123&pg=2&utm_source=a')).text()).toBe(
      '?pg=2',
    );
    expect(await (await app.request('http://localhost/cozinha/?x=1')).text()).toBe('');
    expect(await (await app.request('http://localhost/busca?busca=torneira&marca=a&marca=b')).text()).toBe(
      '?busca=torneira&marca=a&marca=b',
    );
  });
  test('the API and posts keep their query; an absurdly long one is a 414', async () => {
    expect(await (await app.request('http://localhost/api/v2/front/x?y=1')).text()).toBe('?y=1');
    expect(await (await app.request('http://localhost/newsletter?y=1', { method: 'POST' })).text()).toBe(
      '?y=1',
    );
    expect((await app.request(`http://localhost/cozinha/?pg=${'9'.repeat(3000)}`)).status).toBe(414);
  });
});

describe('posted forms', () => {
  test('a value longer than any field takes is dropped, never echoed back', async () => {
    const body = new URLSearchParams({ email: `${'a'.repeat(FIELD_MAX + 1)}@exemplo.com.br`, nome: 'Ana' });
    const fields = await formFields(new Request('http://localhost/newsletter', { method: 'POST', body }));
    expect(fields).toEqual({ nome: 'Ana' });
  });
});
