import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { productPageSchema } from '#/contract/page.ts';
import { PHOTO_MAX_BYTES, PHOTOS_MAX, staffProductSchema } from '#/contract/staff-products.ts';
import * as t from '#/server/db/schema.ts';
import { ADMIN_TOKEN, ORIGIN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/** A product's photos: sent as bytes, checked by content, kept in order, served in every size. */

let store: TestPlatform;
const token = { Authorization: `Bearer ${ADMIN_TOKEN}` };
let product: { id: number; slug: string };

beforeAll(async () => {
  store = await startPlatform(20);
  const [row] = await store.database.db
    .select({ id: t.products.id, slug: t.products.slug })
    .from(t.products)
    .orderBy(t.products.id)
    .limit(1);
  product = row as typeof product;
});
afterAll(() => store.stop());

/** A real image of this format and size, a different one for each `hue`. */
const image = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff', width: number, height: number, hue = 0) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: hue % 256, g: (255 - hue) % 256, b: (hue * 7) % 256 },
    },
  })
    .toFormat(format)
    .toBuffer();

/** A small PNG whose header claims 20,000 × 20,000 pixels (1.2 GB decoded): a decompression bomb. */
async function hugePng(): Promise<Buffer> {
  const png = Buffer.from(await image('png', 400, 400));
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const send = async (bytes: Uint8Array, id = product.id) => {
  const res = await store.request(`/v2/admin/products/${String(id)}/photos`, {
    method: 'POST',
    headers: { ...token, 'Content-Type': 'application/octet-stream' },
    body: new Blob([new Uint8Array(bytes)]),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const call = async (method: string, path: string, body?: unknown) => {
  const res = await store.request(`/v2/admin/products/${String(product.id)}${path}`, {
    method,
    headers: { ...token, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const photos = async () => staffProductSchema.parse((await call('GET', '')).body).produto.fotos;
const file = (url: string) => store.platform.media.request(url.replace(`${ORIGIN}/arquivos`, ORIGIN));

describe('photos', () => {
  test('JPEG, PNG and WebP are kept in order; the store shows them first, in every size, WebP and JPEG', async () => {
    for (const [i, format] of (['jpeg', 'png', 'webp'] as const).entries()) {
      const { status, body } = await send(await image(format, 900 + i, 700, i * 60));
      expect(status, JSON.stringify(body)).toBe(201);
    }
    const kept = await photos();
    expect(kept.map((f) => [f.largura, f.altura])).toEqual([
      [900, 700],
      [901, 700],
      [902, 700],
    ]);
    const page = await store.getJson(
      `/v2/front/url/product/detail?url=/${product.slug}.html`,
      productPageSchema,
    );
    const gallery = page.conteudo.midias.imagens;
    expect(gallery).toHaveLength(3);
    expect(gallery[0]?.arquivos.big).toBe(
      `${ORIGIN}/arquivos/fotos/${String(product.id)}/${kept[0]?.id ?? ''}-big.webp`,
    );
    const big = await file(gallery[0]?.arquivos.big ?? '');
    expect(big.status).toBe(200);
    expect(big.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await big.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
    });
    const jpeg = await file(gallery[1]?.arquivosOriginais.small ?? '');
    expect(await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 120,
    });
    // Never enlarged: a 900 px photo's "zoom" (1200) stays 900 wide.
    const zoom = await file(gallery[0]?.arquivos.zoom ?? '');
    expect((await sharp(Buffer.from(await zoom.arrayBuffer())).metadata()).width).toBe(900);
    // A photo of another product, or none, is not served.
    expect(
      (await file(`${ORIGIN}/arquivos/fotos/${String(product.id + 1)}/${kept[0]?.id ?? ''}-big.webp`)).status,
    ).toBe(404);
    expect(
      (await file(`${ORIGIN}/arquivos/fotos/${String(product.id)}/${'0'.repeat(24)}-big.webp`)).status,
    ).toBe(404);
    expect((await file(`${ORIGIN}/arquivos/fotos/${String(product.id)}/../segredo-big.webp`)).status).toBe(
      404,
    );
  });

  test('moved and removed, with every change on the record', async () => {
    const [a, b, c] = (await photos()).map((f) => f.id);
    expect((await call('PUT', `/photos/${b ?? ''}`, { mover: -1 })).status).toBe(200);
    expect((await photos()).map((f) => f.id)).toEqual([b, a, c]);
    expect((await call('PUT', `/photos/${b ?? ''}`, { mover: -1 })).status).toBe(200);
    expect((await photos()).map((f) => f.id)).toEqual([b, a, c]);
    expect((await call('DELETE', `/photos/${a ?? ''}`)).status).toBe(200);
    expect((await photos()).map((f) => f.id)).toEqual([b, c]);
    const page = await store.getJson(
      `/v2/front/url/product/detail?url=/${product.slug}.html`,
      productPageSchema,
    );
    expect(page.conteudo.midias.imagens.map((i) => i.arquivos.small)).toEqual(
      [b, c].map((id) => `${ORIGIN}/arquivos/fotos/${String(product.id)}/${id ?? ''}-small.webp`),
    );
    const records = activityListSchema.parse(
      await (
        await store.request(`/v2/admin/activity?entidade=produto&id=${String(product.id)}`, {
          headers: token,
        })
      ).json(),
    ).atividades;
    expect(records.map((r) => r.acao).slice(0, 3)).toEqual([
      'produto.foto.remover',
      'produto.foto.mover',
      'produto.foto.mover',
    ]);
    expect(records[0]?.antes).toEqual({ fotos: [b, a, c] });
    expect(records[0]?.depois).toEqual({ fotos: [b, c] });
  });

  test('what is not a usable photo is refused in Portuguese and changes nothing', async () => {
    const before = await photos();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900"/></svg>',
    );
    const jpeg = await image('jpeg', 900, 700, 200);
    const cases: [Uint8Array, number, RegExp][] = [
      [Buffer.from('não sou uma imagem'), 400, /não é uma imagem/],
      [new Uint8Array(), 400, /Escolha o arquivo/],
      [await image('gif', 900, 700), 400, /JPEG, PNG ou WebP \(este arquivo é GIF\)/],
      [await image('tiff', 900, 700), 400, /este arquivo é TIFF/],
      [svg, 400, /este arquivo é SVG/],
      [await image('png', 200, 900), 400, /pequena demais \(200×900\)/],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 400, /corrompida|não é uma imagem/],
      // Claims 20,000 × 20,000 pixels in a few hundred bytes: refused before it is decoded.
      [await hugePng(), 400, /não é uma imagem|pixels demais/],
      [new Uint8Array(PHOTO_MAX_BYTES + 1), 413, /10 MB/],
    ];
    for (const [bytes, status, why] of cases) {
      const answer = await send(bytes);
      expect(answer.status, String(why)).toBe(status);
      expect(String(answer.body['mensagem']), String(why)).toMatch(why);
    }
    const again = await send(await image('webp', 902, 700, 120));
    expect(again.status).toBe(409);
    expect((await send(jpeg, 999999)).status).toBe(404);
    expect((await call('PUT', `/photos/${'f'.repeat(24)}`, { mover: 1 })).status).toBe(404);
    expect((await call('PUT', `/photos/${before[0]?.id ?? ''}`, { mover: 2 })).status).toBe(400);
    expect((await call('DELETE', '/photos/..%2f..%2fsegredo')).status).toBe(404);
    expect(await photos()).toEqual(before);
  });

  test(`at most ${String(PHOTOS_MAX)} photos a product`, async () => {
    const start = (await photos()).length;
    for (let i = start; i < PHOTOS_MAX; i++)
      expect((await send(await image('webp', 400, 400, 20 * i + 7))).status).toBe(201);
    const over = await send(await image('webp', 400, 400, 250));
    expect(over.status).toBe(400);
    expect(String(over.body['mensagem'])).toMatch(/no máximo 12 fotos/);
    expect(await photos()).toHaveLength(PHOTOS_MAX);
  });
});
