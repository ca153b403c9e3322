import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { servedMethods } from '../../src/edge/methods.ts';
import { safeBack } from '../../src/lib/forms.ts';

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
});
