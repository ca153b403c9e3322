import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { APP_TOKEN, ORIGIN, newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform();
});
afterAll(() => store.stop());

const raw = (path: string, init?: RequestInit) => store.platform.api.request(`${ORIGIN}${path}`, init);

describe('app token', () => {
  test('a call without App-Token is 401 with a Portuguese message', async () => {
    const res = await raw('/v2/front/settings');
    expect(res.status).toBe(401);
    const body = errorSchema.parse(await res.json());
    expect(body.mensagem).toMatch(/Token da aplicação/);
  });

  test('a wrong token is 401 and the header name is case-insensitive', async () => {
    expect((await raw('/v2/front/settings', { headers: { 'App-Token': 'wrong' } })).status).toBe(401);
    expect((await raw('/v2/front/settings', { headers: { 'app-token': APP_TOKEN } })).status).toBe(200);
    expect((await raw('/v2/front/settings', { headers: { 'APP-TOKEN': APP_TOKEN } })).status).toBe(200);
  });
});

describe('session', () => {
  test('a visitor without a session gets a new signed id of 32 random bytes in an HttpOnly, SameSite=Lax, Secure cookie', async () => {
    const res = await store.request('/v2/front/checkout/user');
    const cookie = res.headers.get('set-cookie') ?? '';
    const id = /PHPSESSID=([^;]+)/.exec(cookie)?.[1] ?? '';
    const [issued, random, tag] = id.split('.');
    expect(Number.parseInt(issued ?? '', 36) * 1000).toBeGreaterThan(Date.now() - 60_000);
    expect(Buffer.from(random ?? '', 'base64url')).toHaveLength(32);
    expect(Buffer.from(tag ?? '', 'base64url')).toHaveLength(16);
    expect(cookie).toMatch(/Max-Age=5184000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(res.headers.get('session')).toBe(id);
  });

  test('two visitors get different ids', async () => {
    const a = (await store.request('/v2/front/ping')).headers.get('session');
    const b = (await store.request('/v2/front/ping')).headers.get('session');
    expect(a).not.toBe(b);
  });

  test('no Secure flag over plain http', async () => {
    const res = await store.platform.api.request('http://localhost/v2/front/ping', {
      headers: { 'App-Token': APP_TOKEN },
    });
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  test('a session from the Session header or the cookie is kept, not replaced', async () => {
    const id = newSession();
    const viaHeader = await store.request('/v2/front/ping', { headers: { Session: id } });
    expect(viaHeader.headers.get('set-cookie')).toBeNull();
    const viaCookie = await store.request('/v2/front/ping', { headers: { Cookie: `PHPSESSID=${id}` } });
    expect(viaCookie.headers.get('set-cookie')).toBeNull();
  });

  test('a malformed session id is replaced by a fresh one', async () => {
    const res = await store.request('/v2/front/ping', { headers: { Session: "x'; DROP TABLE sessions;--" } });
    expect(res.headers.get('set-cookie')).toMatch(/PHPSESSID=/);
  });
});

describe('errors', () => {
  test('an unknown path is a 404 JSON error', async () => {
    const res = await store.request('/v2/front/nada-aqui');
    expect(res.status).toBe(404);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/não encontrado/);
  });

  test('a method a known path does not take is a 405 with Allow; an unknown path stays 404', async () => {
    const call = (path: string, method: string) =>
      store.request(path, {
        method,
        headers: { 'Content-Type': 'application/json', Session: newSession() },
        body: method === 'GET' ? null : '{}',
      });
    for (const [path, method, allow] of [
      ['/v2/front/settings', 'PUT', 'GET, HEAD'],
      ['/v2/front/settings', 'DELETE', 'GET, HEAD'],
      ['/v2/front/brands', 'POST', 'GET, HEAD'],
      ['/v2/front/url/verify', 'PUT', 'GET, HEAD'],
      ['/v2/front/checkout/zipcode', 'DELETE', 'POST'],
      ['/v2/front/checkout/cart', 'PATCH', 'GET, POST, PUT, DELETE, HEAD'],
      ['/v2/front/promotional/coupon/BEMVINDO10', 'POST', 'GET, PUT, DELETE, HEAD'],
      ['/v2/front/evaluations/product', 'PUT', 'GET, POST, HEAD'],
    ] as const) {
      const res = await call(path, method);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      const body = errorSchema.parse(await res.json());
      expect(body.error).toBe('method_not_allowed');
      expect(body.mensagem).toContain(`não aceita ${method}`);
    }
    expect((await call('/v2/front/nada-aqui', 'PUT')).status).toBe(404);
    expect((await call('/v2/front/settings/nada', 'GET')).status).toBe(404);
    expect((await call('/v2/front/settings', 'GET')).status).toBe(200);
  });

  test('a mutation with a non-JSON body is 415 and changes nothing', async () => {
    const sid = newSession();
    const res = await store.request('/v2/front/checkout/zipcode', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Session: sid },
      body: 'cep=13035000',
    });
    expect(res.status).toBe(415);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/JSON/);
    const user = await store.request('/v2/front/checkout/user', {
      headers: { Session: sid },
    });
    expect(((await user.json()) as { endereco: { cep: string } }).endereco.cep).toBe('');
  });

  test('malformed JSON is 400', async () => {
    const res = await store.request('/v2/front/checkout/zipcode', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"cep": ',
    });
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/JSON válido/);
  });

  test('a body over the limit is 413', async () => {
    const res = await store.request('/v2/front/checkout/zipcode', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ cep: 'x'.repeat(70_000) }),
    });
    expect(res.status).toBe(413);
  });

  test('answers are never cached by shared caches', async () => {
    expect((await store.request('/v2/front/settings')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('error codes', () => {
  test('every code the platform answers is one the contract lists', async () => {
    const { isErrorCode } = await import('#/contract/common.ts');
    const answers = await Promise.all([
      store.request('/v2/front/nada-aqui'),
      store.request('/v2/front/wishlist'),
      store.request('/v2/front/checkout/zipcode', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'x',
      }),
      store.request('/v2/front/checkout/zipcode', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{',
      }),
      store.request('/v2/front/settings', { headers: { 'App-Token': 'outro' } }),
    ]);
    for (const res of answers) {
      const body = (await res.json()) as { error?: unknown };
      expect(isErrorCode(body.error), String(body.error)).toBe(true);
    }
  });
});
