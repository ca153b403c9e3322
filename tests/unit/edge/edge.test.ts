import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { arrivedOn, publicOrigin } from '#/edge/public-origin.ts';
import { HSTS, securityHeaders } from '#/edge/security-headers.ts';
import { trustedProxy, validSignature } from '#/edge/trusted-proxy.ts';

const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

/** What the pages behind the middleware see: the URL and the visitor's address. */
function echo(app: Hono) {
  app.all('*', (c) =>
    c.json({ url: c.req.url, client: Reflect.get(c.req.raw, CLIENT_ADDRESS) as string | undefined }),
  );
  return async (url: string, headers: Record<string, string> = {}, client = '10.0.0.9') => {
    const request = new Request(url, { headers });
    Reflect.set(request, CLIENT_ADDRESS, client);
    return app.fetch(request);
  };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function sign(secret: string, payload: object, alg = 'HS256'): string {
  const head = `${base64url({ alg, typ: 'JWT' })}.${base64url(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('public origin (SITE_URL)', () => {
  test('behind a proxy, pages see the public origin; the visitor address is kept', async () => {
    const app = new Hono();
    app.use(publicOrigin('https://www.loja.test', { redirect: false }));
    const get = echo(app);
    const res = await get('http://origem.loja.test:8080/cozinha/?pg=2', { 'X-Forwarded-Proto': 'https' });
    expect(await res.json()).toEqual({ url: 'https://www.loja.test/cozinha/?pg=2', client: '10.0.0.9' });
  });

  test('the readdressed request keeps what the adapter hung on it: without its render options no cookie is written', async () => {
    const RENDER_OPTIONS = Symbol.for('astro.renderOptions');
    const app = new Hono();
    app.use(publicOrigin('https://www.loja.test', { redirect: false }));
    app.all('*', (c) => c.json({ options: Reflect.get(c.req.raw, RENDER_OPTIONS) as unknown }));
    const request = new Request('http://origem.loja.test:8080/checkout/acesso', {
      method: 'POST',
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    Reflect.set(request, RENDER_OPTIONS, { addCookieHeader: true });
    const res = await app.fetch(request);
    expect(await res.json()).toEqual({ options: { addCookieHeader: true } });
  });

  test('an https store never serves plain http: reported http is redirected, unreported is a 421 for the operator', async () => {
    const app = new Hono();
    app.use(publicOrigin('https://www.loja.test', { redirect: false }));
    const get = echo(app);
    const plain = await get('http://origem.loja.test:8080/minha-conta/?aba=1', {
      'X-Forwarded-Proto': 'http',
    });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('Location')).toBe('https://www.loja.test/minha-conta/?aba=1');
    // A form posted over http is posted again over https (308 keeps the method and the body).
    const posted = await app.fetch(
      new Request('http://origem.loja.test:8080/checkout/acesso', {
        method: 'POST',
        headers: { 'X-Forwarded-Proto': 'http' },
      }),
    );
    expect(posted.status).toBe(308);
    const unsaid = await get('http://origem.loja.test:8080/checkout/acesso');
    expect(unsaid.status).toBe(421);
    expect(unsaid.headers.get('Cache-Control')).toBe('no-store');
    expect(await unsaid.text()).toMatch(/X-Forwarded-Proto: https/);
    // Monitors ask the server's own address.
    expect((await get('http://10.0.0.2:4321/saude')).status).toBe(200);
    // An http store (development) is served over http as before.
    const dev = new Hono();
    dev.use(publicOrigin('http://127.0.0.1:4321', { redirect: false }));
    expect((await echo(dev)('http://127.0.0.1:4321/checkout/acesso')).status).toBe(200);
  });

  test('with the redirect on: http or the bare domain get a 301 to the same path; the health check does not', async () => {
    const app = new Hono();
    app.use(publicOrigin('https://www.loja.test', { redirect: true }));
    const get = echo(app);
    const plain = await get('http://www.loja.test/cozinha/?pg=2');
    expect(plain.status).toBe(301);
    expect(plain.headers.get('Location')).toBe('https://www.loja.test/cozinha/?pg=2');
    const bare = await get('https://loja.test/p.html');
    expect(bare.headers.get('Location')).toBe('https://www.loja.test/p.html');
    // TLS ended by a load balancer in front: its forwarded values say where the visitor was.
    const balanced = await get('http://10.0.0.2:4321/p.html', {
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'www.loja.test',
    });
    expect(balanced.status).toBe(200);
    expect((await get('http://10.0.0.2:4321/saude')).status).toBe(200);
  });

  test('where a request arrived', () => {
    expect(arrivedOn(new Request('http://a.test/x'))).toBe('http://a.test');
    expect(
      arrivedOn(
        new Request('http://a.test/x', {
          headers: { 'X-Forwarded-Proto': 'https, http', 'X-Forwarded-Host': 'b.test' },
        }),
      ),
    ).toBe('https://b.test');
  });
});

describe('security headers', () => {
  const app = new Hono();
  app.use(securityHeaders());
  app.get('/reset', (c) => c.html('<p>ok</p>', 200, { 'Referrer-Policy': 'same-origin' }));
  // An answer with read-only headers, as a proxied fetch gives.
  app.get('/proxied', () => Response.redirect('https://outra.test/', 302));
  app.get('*', (c) => c.html('<p>ok</p>'));

  test('every answer: nosniff, referrer, framing, opener, permissions; HSTS over https only', async () => {
    const https = await app.request('https://www.loja.test/');
    expect(https.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(https.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(https.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(https.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(https.headers.get('Permissions-Policy')).toContain('microphone=(self)');
    expect(https.headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect((await app.request('http://127.0.0.1/')).headers.get('Strict-Transport-Security')).toBeNull();
  });

  test("a page's own stricter value stays; read-only answers get them too", async () => {
    expect((await app.request('https://www.loja.test/reset')).headers.get('Referrer-Policy')).toBe(
      'same-origin',
    );
    const proxied = await app.request('https://www.loja.test/proxied');
    expect(proxied.status).toBe(302);
    expect(proxied.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  });
});

describe('trusted proxy (Netlify signed proxy)', () => {
  const secret = 'segredo-do-proxy';
  const later = Math.floor(Date.now() / 1000) + 60;

  test('a signature: HS256 with the secret, not expired', () => {
    expect(validSignature(sign(secret, { exp: later, iss: 'netlify' }), secret)).toBe(true);
    expect(validSignature(sign('outro', { exp: later }), secret)).toBe(false);
    expect(validSignature(sign(secret, { exp: later - 120 }), secret)).toBe(false);
    expect(validSignature(sign(secret, { exp: later }, 'none'), secret)).toBe(false);
    expect(validSignature('a.b', secret)).toBe(false);
    expect(validSignature('###.@@@.!!!', secret)).toBe(false);
  });

  test("only a signed request's X-Forwarded-For becomes the visitor's address", async () => {
    const app = new Hono();
    app.use(trustedProxy(secret));
    const get = echo(app);
    const signed = await get('https://www.loja.test/', {
      'X-Nf-Sign': sign(secret, { exp: later }),
      'X-Forwarded-For': '200.1.2.3, 10.1.1.1',
    });
    expect(((await signed.json()) as { client: string }).client).toBe('200.1.2.3');
    const forged = await get('https://www.loja.test/', {
      'X-Nf-Sign': sign('chute', { exp: later }),
      'X-Forwarded-For': '200.1.2.3',
    });
    expect(((await forged.json()) as { client: string }).client).toBe('10.0.0.9');
    const unsigned = await get('https://www.loja.test/', { 'X-Forwarded-For': '200.1.2.3' });
    expect(((await unsigned.json()) as { client: string }).client).toBe('10.0.0.9');
  });
});
