import { afterEach, expect, test, vi } from 'vitest';
import { createBrowserClient } from '#/api/browser.ts';
import { getJson } from '#/api/core.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('the browser client checks no answer: it carries no schema (islands ship without zod)', () => {
  expect(createBrowserClient('loja').schemas).toBeUndefined();
});

test("a page's first call goes alone; the next ones wait for it, then run side by side", async () => {
  const events: string[] = [];
  const pending: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      events.push(`start ${url}`);
      return new Promise<Response>((resolve) => {
        pending.push(() => {
          events.push(`end ${url}`);
          resolve(new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } }));
        });
      });
    }),
  );
  const client = createBrowserClient('loja');
  const calls = [
    getJson(client, 'v2/front/checkout/cart', {}, 'cart'),
    getJson(client, 'v2/front/checkout/user', {}, 'user'),
    getJson(client, 'v2/front/struct/popup/home', {}, 'popups'),
  ];
  await vi.waitFor(() => {
    expect(events).toEqual(['start /api/v2/front/checkout/cart']);
  });
  pending.shift()?.();
  await vi.waitFor(() => {
    expect(events).toHaveLength(4);
  });
  expect(events.slice(1).sort()).toEqual([
    'end /api/v2/front/checkout/cart',
    'start /api/v2/front/checkout/user',
    'start /api/v2/front/struct/popup/home',
  ]);
  for (const resolve of pending.splice(0)) resolve();
  expect(await Promise.all(calls)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
});

test('errors answer as ApiError with the platform message; the queue goes on after a failure', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response('{"error":"not_found","mensagem":"Produto não encontrado."}', {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
  const client = createBrowserClient('loja');
  await expect(getJson(client, 'x', {}, 'formAnswer')).rejects.toMatchObject({
    status: 404,
    mensagem: 'Produto não encontrado.',
  });
  await expect(getJson(client, 'y', {}, 'formAnswer')).rejects.toMatchObject({ status: 404 });
});
