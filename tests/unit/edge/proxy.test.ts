import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { proxyApi } from '#/edge/proxy.ts';

let upstream: http.Server;
let base = '';
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('Set-Cookie', 'PHPSESSID=abc; Path=/');
      res.setHeader('Content-Type', 'application/json');
      res.statusCode = req.url?.includes('missing') ? 404 : 200;
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((upstream.address() as AddressInfo).port)}/api`;
});
afterAll(
  () =>
    new Promise<void>((resolve) =>
      upstream.close(() => {
        resolve();
      }),
    ),
);

test('GET keeps path, query and the shopper headers; Set-Cookie comes back', async () => {
  const res = await proxyApi(
    new Request('https://loja.test/api/v2/front/url/verify?url=%2Fcozinha%2F', {
      headers: { 'App-Token': 'wapstore', Cookie: 'PHPSESSID=xyz' },
    }),
    base,
  );
  expect(res.status).toBe(200);
  expect(res.headers.get('set-cookie')).toBe('PHPSESSID=abc; Path=/');
  const last = seen.at(-1);
  expect(last?.url).toBe('/api/v2/front/url/verify?url=%2Fcozinha%2F');
  expect(last?.headers['app-token']).toBe('wapstore');
  expect(last?.headers.cookie).toBe('PHPSESSID=xyz');
  expect(last?.headers.host).toBe(new URL(base).host);
});

test('a JSON mutation keeps its body; statuses pass through', async () => {
  const res = await proxyApi(
    new Request('https://loja.test/api/v2/front/missing', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"cep":"13035000"}',
    }),
    base,
  );
  expect(res.status).toBe(404);
  expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"cep":"13035000"}' });
});

test('an unreachable platform is a 502 with a Portuguese message', async () => {
  const res = await proxyApi(
    new Request('https://loja.test/api/v2/front/settings'),
    'http://127.0.0.1:1/api',
  );
  expect(res.status).toBe(502);
  expect(((await res.json()) as { mensagem: string }).mensagem).toMatch(/não respondeu/);
});
