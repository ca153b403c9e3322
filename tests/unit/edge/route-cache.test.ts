import { expect, test } from 'vitest';
import routeCache, { dropRouteCache } from '#/edge/route-cache.ts';

/** A catalogue page as the pages answer it: kept a minute, tagged for the drop. */
const page = (body: string) =>
  new Response(body, {
    headers: { 'Content-Type': 'text/plain', 'CDN-Cache-Control': 'max-age=60', 'Cache-Tag': 'catalogo' },
  });

test('a page whose render saw the cache dropped is sent but not kept; the next render is kept', async () => {
  const provider = routeCache({});
  const onRequest = provider.onRequest?.bind(provider);
  if (!onRequest) throw new Error('the route cache answers requests');
  const context = {
    request: new Request('https://loja.test/torneira-gourmet.html'),
    logger: { warn: () => undefined },
  } as unknown as Parameters<typeof onRequest>[0];
  let renders = 0;
  // The sheet is applied while this page renders with the old price: the drop comes mid-render.
  const during = await onRequest(context, async () => {
    renders++;
    await dropRouteCache();
    return page('R$ 199,90');
  });
  expect(await during.text()).toBe('R$ 199,90');
  const after = await onRequest(context, () => {
    renders++;
    return Promise.resolve(page('R$ 209,90'));
  });
  expect(await after.text()).toBe('R$ 209,90');
  expect(renders).toBe(2);
  // That one was kept: the next visit is served from the cache.
  const again = await onRequest(context, () => {
    renders++;
    return Promise.resolve(page('R$ 999,90'));
  });
  expect(await again.text()).toBe('R$ 209,90');
  expect(renders).toBe(2);
});
