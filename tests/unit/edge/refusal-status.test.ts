import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { REFUSAL_STATUS_HEADER, refusalStatus } from '#/edge/refusal-status.ts';

/** Astro's 500 for a page that met a platform refusal becomes the refusal's status (edge/refusal-status.ts). */
function app(status: number, mark?: string) {
  const a = new Hono();
  a.use(refusalStatus());
  a.get('/', () => {
    const headers = new Headers({ 'Retry-After': '60', 'Cache-Control': 'public, max-age=60' });
    if (mark) headers.set(REFUSAL_STATUS_HEADER, mark);
    return new Response('<p>Muitas tentativas</p>', { status, headers });
  });
  return a;
}

describe('a refusal page keeps its status', () => {
  test('a marked 500 answers the refusal status, uncached, with its body and Retry-After, without the mark', async () => {
    const res = await app(500, '429').request('/');
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.has(REFUSAL_STATUS_HEADER)).toBe(false);
    expect(await res.text()).toBe('<p>Muitas tentativas</p>');
  });

  test.each([
    [500, undefined],
    [500, '200'],
    [500, '503'],
    [500, 'abc'],
  ])('a %i marked %s stays a 500: only a 4xx is a refusal', async (status, mark) => {
    expect((await app(status, mark).request('/')).status).toBe(500);
  });
});
