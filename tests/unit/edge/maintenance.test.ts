import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { maintenance, RELEASE_COOKIE } from '#/edge/maintenance.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';

const settings = (ativo: boolean) => ({
  ...STORE_SETTINGS,
  manutencao: { ...STORE_SETTINGS.manutencao, ativo },
});

function store(options: { mode?: 'on' | 'off'; secret?: string; ativo?: boolean }) {
  const app = new Hono();
  app.use(
    maintenance({
      mode: options.mode,
      secret: options.secret,
      settings: () => Promise.resolve(settings(options.ativo ?? false)),
    }),
  );
  app.get('*', (c) => c.html('<h1>Loja</h1>', 200, { 'Cache-Control': 'public, max-age=60' }));
  return (path: string, cookie?: string) =>
    app.request(`https://loja.test${path}`, cookie ? { headers: { Cookie: cookie } } : {});
}

describe('maintenance', () => {
  test('off in the settings: the store as usual', async () => {
    expect(await (await store({})('/')).text()).toBe('<h1>Loja</h1>');
  });

  test('on: every page is the waiting page, 503, Retry-After, no-store, with the contacts', async () => {
    const res = await store({ ativo: true })('/cozinha/');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('900');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('Estamos em manutenção');
    expect(html).toContain('WhatsApp');
    expect(html).toContain('Segunda a quinta: 9h às 17h');
  });

  test('the API, assets and the health check stay open', async () => {
    const get = store({ mode: 'on' });
    for (const path of ['/api/v2/front/ping', '/_astro/x.js', '/arquivos/a.webp', '/saude', '/logo.svg'])
      expect((await get(path)).status).toBe(200);
  });

  test('the right release value lets the visitor in and is remembered; another value takes it back', async () => {
    const get = store({ mode: 'on', secret: 'abre-te-sesamo' });
    const released = await get('/cozinha/?liberar=abre-te-sesamo&pg=2');
    expect(released.status).toBe(200);
    expect(await released.text()).toContain('location.replace("/cozinha/?pg=2")');
    const cookie = (released.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    expect(cookie.startsWith(`${RELEASE_COOKIE}=`)).toBe(true);
    expect(released.headers.get('Set-Cookie')).toContain('HttpOnly');
    const page = await get('/cozinha/', cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    const revoked = await get('/?liberar=outra-coisa', cookie);
    expect(revoked.status).toBe(503);
    expect(revoked.headers.get('Set-Cookie')).toContain(`${RELEASE_COOKIE}=;`);
    expect(await revoked.text()).toContain('localStorage.removeItem');
    // A made-up cookie does not pass.
    expect((await get('/', `${RELEASE_COOKIE}=inventado`)).status).toBe(503);
  });

  test('without a secret nobody gets through; MAINTENANCE=off wins over the setting', async () => {
    expect((await store({ mode: 'on' })('/?liberar=')).status).toBe(503);
    expect((await store({ mode: 'off', ativo: true })('/')).status).toBe(200);
  });
});
