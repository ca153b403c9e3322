import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { settingsSchema } from '#/contract/settings.ts';
import { LOGO_MAX_BYTES, storeConfigAnswerSchema } from '#/contract/store-config.ts';
import { ADMIN_TOKEN, ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The store's own logo: sent by an owner, checked by content, shown in the header and as the tab's icon. */

let store: TestPlatform;
let orders: { token: string };
const token = { Authorization: `Bearer ${ADMIN_TOKEN}` };
beforeAll(async () => {
  store = await startPlatform(10);
  orders = await member('pedidos@logo.test', 'pedidos');
});
afterAll(() => store.stop());
const { member } = staffCalls(() => store);

/** A wide logo with a transparent background, in this format. */
const logo = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 400, height = 100) =>
  sharp({ create: { width, height, channels: 4, background: { r: 11, g: 79, b: 138, alpha: 0.9 } } })
    .toFormat(format)
    .toBuffer();

const send = async (bytes: Uint8Array, headers: Record<string, string> = token) => {
  const res = await store.request('/v2/admin/settings/logo', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/octet-stream' },
    body: new Blob([new Uint8Array(bytes)]),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const served = async () =>
  settingsSchema.parse(await (await store.request('/v2/front/settings')).json()).configuracoes;
const file = (path: string) => store.platform.media.request(`${ORIGIN}${path.replace(/^\/arquivos/, '')}`);

describe('the store’s logo', () => {
  test('only owners send it; what is not a logo is refused in Portuguese and changes nothing', async () => {
    const before = await served();
    expect((await send(await logo('png'), as(orders.token))).status).toBe(403);
    const text = await send(new TextEncoder().encode('não sou uma imagem'));
    expect(text).toMatchObject({
      status: 400,
      body: { mensagem: expect.stringMatching(/não é uma imagem/) as unknown },
    });
    const gif = await send(await logo('gif'));
    expect(gif).toMatchObject({
      status: 400,
      body: { mensagem: expect.stringMatching(/PNG, JPEG ou WebP/) as unknown },
    });
    const small = await send(await logo('png', 120, 40));
    expect(small).toMatchObject({
      status: 400,
      body: { mensagem: expect.stringMatching(/pequeno demais/) as unknown },
    });
    const cut = (await logo('png')).subarray(0, 300);
    expect((await send(cut)).status).toBe(400);
    const huge = await send(new Uint8Array(LOGO_MAX_BYTES + 1));
    expect(huge).toMatchObject({
      status: 413,
      body: { mensagem: expect.stringMatching(/passa de 5 MB/) as unknown },
    });
    expect(await served()).toEqual(before);
  });

  test('a PNG becomes the header’s image and the tab’s icon, served for good under names that change with them', async () => {
    const sent = await send(await logo('png'));
    expect(sent.status).toBe(201);
    const answer = storeConfigAnswerSchema.parse(sent.body);
    expect(answer.logo.proprio).toBe(true);
    const settings = await served();
    expect(settings.logo).toMatch(/^\/arquivos\/loja\/logo-[0-9a-f]{16}\.webp$/);
    expect(settings.logo).toBe(answer.logo.caminho);
    // 400 × 100 drawn 32 px tall: 128 × 32 in the header, the file twice that for sharp screens.
    expect(settings.logoTamanho).toEqual({ largura: 128, altura: 32 });
    const image = await file(settings.logo);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 64]);
    expect(settings.favicon).toMatch(/^\/arquivos\/loja\/favicon-[0-9a-f]{16}\.png$/);
    const icon = await sharp(
      Buffer.from(await (await file(settings.favicon ?? '')).arrayBuffer()),
    ).metadata();
    expect([icon.format, icon.width, icon.height]).toEqual(['png', 64, 64]);
    // The home screen's icon: 180 px, opaque (a phone draws transparency black).
    expect(settings.icone).toMatch(/^\/arquivos\/loja\/icone-[0-9a-f]{16}\.png$/);
    const touch = await sharp(Buffer.from(await (await file(settings.icone ?? '')).arrayBuffer())).metadata();
    expect([touch.format, touch.width, touch.height, touch.hasAlpha]).toEqual(['png', 180, 180, false]);

    // Another logo: new names; the old one is gone, a made-up one was never there.
    const again = await send(await logo('jpeg', 600, 200));
    expect(again.status).toBe(201);
    const next = await served();
    expect(next.logo).not.toBe(settings.logo);
    expect((await file(settings.logo)).status).toBe(404);
    expect((await file('/arquivos/loja/logo-0123456789abcdef.webp')).status).toBe(404);
    expect((await file('/arquivos/loja/../settings')).status).toBe(404);

    const activity = activityListSchema.parse(
      await (await store.request('/v2/admin/activity?entidade=configuracao', { headers: token })).json(),
    );
    expect(activity.atividades[0]?.acaoNome).toBe('Logo da loja enviado');
  });

  test('removed, the store is back to the installation’s drawing and icon', async () => {
    const before = await served();
    const res = await store.request('/v2/admin/settings/logo', { method: 'DELETE', headers: token });
    expect(res.status).toBe(200);
    const after = await served();
    expect(after.logo).toBe('/logo.svg');
    expect(after.favicon).toBe('/favicon.svg');
    expect(after.icone).toBeUndefined();
    expect((await file(before.logo)).status).toBe(404);
    expect((await file(before.icone ?? '')).status).toBe(404);
  });
});
