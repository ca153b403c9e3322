import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listingSchema } from '#/contract/page.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(40);
});
afterAll(() => store.stop());

const file = (url: string) => store.platform.media.request(url.replace(`${ORIGIN}/arquivos`, ORIGIN));

test('product images render as WebP and JPEG in their size, cached immutably', async () => {
  const page = await store.getJson(
    '/v2/front/url/product/listing/category?url=/cozinha/&limit=1',
    listingSchema,
  );
  const image = page.conteudo.produtos[0]?.midias.imagens[0];
  if (!image) throw new Error('no image');
  const webp = await file(image.arquivos.medium);
  expect(webp.status).toBe(200);
  expect(webp.headers.get('content-type')).toBe('image/webp');
  expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(400);
  const jpeg = await file(image.arquivosOriginais.small);
  expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
  expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).width).toBe(120);
  // The second request is served from the disk cache, byte for byte.
  const again = await file(image.arquivos.medium);
  expect(
    Buffer.from(await again.arrayBuffer()).equals(
      Buffer.from(await (await file(image.arquivos.medium)).arrayBuffer()),
    ),
  ).toBe(true);
});

test.each([
  '/produtos/1/999999-0-big.webp',
  '/produtos/1/1-0-huge.webp',
  '/produtos/x/1-0-big.webp',
  '/marcas/ninguem.webp',
  '/selos/9999.webp',
  '/banners/0-desktop.jpg',
  '/produtos/1/..%2f..%2fetc-0-big.webp',
])('%s is a 404', async (path) => {
  expect((await store.platform.media.request(`${ORIGIN}${path}`)).status).toBe(404);
});
