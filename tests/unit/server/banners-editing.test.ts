import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bannerDetailSchema, bannerImageSentSchema, bannerListSchema } from '#/contract/banners.ts';
import { bannersSchema } from '#/contract/store.ts';
import * as t from '#/server/db/schema.ts';
import { dropUnusedBannerImages } from '#/server/staff/banner-images.ts';
import { ORIGIN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The banners as the team edits them: images cut to their place, dates, order, removal, roles, the trail. */

let store: TestPlatform;
let content: { token: string };
let orders: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  content = await member('conteudo@banners.test', 'conteudo');
  orders = await member('pedidos@banners.test', 'pedidos');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const send = (method: string, path: string, body?: unknown, token = content.token) =>
  admin(`/banners${path}`, { method, body, headers: as(token) });
const list = async () => bannerListSchema.parse(await (await send('GET', '')).json());
const detail = async (res: Response, status = 200) => {
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(status);
  return bannerDetailSchema.parse(await res.json());
};
/** A photo of this size and format, in one colour. */
const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .toFormat(format)
    .toBuffer();
const upload = async (place: string, device: string, bytes: Uint8Array, token = content.token) => {
  const res = await store.request(`/v2/admin/banners/images?lugar=${place}&dispositivo=${device}`, {
    method: 'POST',
    headers: { ...as(token), 'Content-Type': 'application/octet-stream' },
    body: new Blob([new Uint8Array(bytes)]),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
/** What the store's home shows in its carousel now. */
const carousel = async () =>
  bannersSchema.parse(await (await store.request('/v2/front/showcase/banners/banner-principal')).json())
    .banners;
const file = (url: string) => store.platform.media.request(url.replace(`${ORIGIN}/arquivos`, ORIGIN));
const hour = 60 * 60 * 1000;

describe('banners in the panel', () => {
  test('owners and the content role edit them; the orders role gets a 403 and a guest a 401', async () => {
    expect((await send('GET', '')).status).toBe(200);
    expect((await send('GET', '', undefined, orders.token)).status).toBe(403);
    expect((await admin('/banners')).status).toBe(401);
    expect((await upload('banner-principal', 'desktop', await photo(1920, 520), orders.token)).status).toBe(
      403,
    );
  });

  test('an image is read by its content, refused in Portuguese when it is not one or too small, and cut to its place', async () => {
    const text = await upload('banner-principal', 'desktop', new TextEncoder().encode('não sou imagem'));
    expect(text).toMatchObject({
      status: 400,
      body: { mensagem: expect.stringMatching(/não é uma imagem/) as unknown },
    });
    const gif = await upload('banner-principal', 'desktop', await photo(1920, 520, 'gif'));
    expect(gif).toMatchObject({ status: 400, body: { mensagem: expect.stringMatching(/GIF/) as unknown } });
    const small = await upload('banner-principal', 'desktop', await photo(800, 200));
    expect(small).toMatchObject({
      status: 400,
      body: { mensagem: expect.stringMatching(/1920×520/) as unknown },
    });
    expect((await upload('lugar-nenhum', 'desktop', await photo(1920, 520))).status).toBe(400);
    expect((await upload('banner-principal', 'relogio', await photo(1920, 520))).status).toBe(400);
    // A larger photo of another shape is cut from its centre to the place's size.
    const sent = await upload('banner-principal', 'desktop', await photo(2400, 1200));
    expect(sent.status).toBe(201);
    expect(bannerImageSentSchema.parse(sent.body)).toMatchObject({ largura: 1920, altura: 520 });
  });

  test('a new banner with its images is on the home at once, its images served at addresses of their own', async () => {
    const desktop = bannerImageSentSchema.parse(
      (await upload('banner-principal', 'desktop', await photo(1920, 520))).body,
    );
    const mobile = bannerImageSentSchema.parse(
      (await upload('banner-principal', 'mobile', await photo(900, 900))).body,
    );
    const created = await detail(
      await send('POST', '', {
        lugar: 'banner-principal',
        titulo: 'Liquidação de cubas: {desconto-pix} no Pix',
        link: '/cozinha/',
        imagemDesktop: desktop.imagem,
        imagemMobile: mobile.imagem,
      }),
      201,
    );
    expect(created.banner).toMatchObject({ situacao: 'no-ar', ativo: true, desktop: { propria: true } });
    const shown = (await carousel()).find((b) => b.id === created.banner.id);
    expect(shown?.titulo).toBe('Liquidação de cubas: 10% no Pix');
    expect(shown?.dimensoes.desktop.imagem).toContain(desktop.imagem);
    expect(shown?.dimensoes.mobile).toMatchObject({ largura: 720, altura: 720 });
    const image = await file(shown?.dimensoes.desktop.imagem ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/webp');
    expect(image.headers.get('Cache-Control')).toContain('immutable');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
      width: 1920,
      height: 520,
    });
    // An image for another place is refused under its field, and nothing is created.
    const other = bannerImageSentSchema.parse(
      (await upload('meio-home', 'desktop', await photo(940, 300))).body,
    );
    const before = (await list()).banners.length;
    const wrong = await send('POST', '', {
      lugar: 'banner-principal',
      titulo: 'Outro lugar',
      link: '/banheiro/',
      imagemDesktop: other.imagem,
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { erros: Record<string, string> }).erros['imagemDesktop']).toMatch(
      /outro lugar/,
    );
    expect((await list()).banners.length).toBe(before);
  });

  test('bad fields are refused each under its own name and change nothing', async () => {
    const before = await list();
    const res = await send('POST', '', {
      lugar: 'banner-listagem-categoria',
      titulo: '',
      link: 'javascript:alert(1)',
      inicio: '2026-12-10T10:00:00-03:00',
      fim: '2026-12-01T10:00:00-03:00',
    });
    expect(res.status).toBe(400);
    const { erros } = (await res.json()) as { erros: Record<string, string> };
    expect(Object.keys(erros).sort()).toEqual(['categoria', 'fim', 'link', 'titulo']);
    expect(erros['link']).toMatch(/começando com \//);
    expect(await list()).toEqual(before);
    // A submenu highlight goes only on a top-level category.
    const child = (await store.database.db.select().from(t.categories)).find((c) => c.parentId !== null);
    const sub = await send('POST', '', {
      lugar: 'destaque-submenu-1',
      titulo: 'Destaque',
      link: '/cozinha/',
      categoria: child?.id,
    });
    expect(sub.status).toBe(400);
    expect((await send('PUT', '/999999', { titulo: 'Nada', link: '/' })).status).toBe(404);
    expect((await send('GET', '/abc')).status).toBe(404);
  });

  test('dates decide when it shows; switched off it shows nowhere; the trail says who changed what', async () => {
    const created = await detail(
      await send('POST', '', {
        lugar: 'banner-principal',
        titulo: 'Natal na cozinha',
        link: '/cozinha/',
        inicio: new Date(Date.now() + 24 * hour).toISOString(),
      }),
      201,
    );
    const id = created.banner.id;
    expect(created.banner.situacao).toBe('agendado');
    expect((await carousel()).some((b) => b.id === id)).toBe(false);
    const started = await detail(
      await send('PUT', `/${String(id)}`, {
        titulo: 'Natal na cozinha',
        link: '/cozinha/',
        inicio: new Date(Date.now() - hour).toISOString(),
        fim: new Date(Date.now() + 48 * hour).toISOString(),
      }),
    );
    expect(started.banner.situacao).toBe('no-ar');
    const shown = (await carousel()).find((b) => b.id === id);
    expect(shown?.fim).toBe(started.banner.fim);
    // Its drawing follows its text: no image of its own.
    expect(shown?.dimensoes.desktop.imagem).toMatch(new RegExp(`/banners/${String(id)}-desktop\\.webp$`));
    const off = await detail(
      await send('PUT', `/${String(id)}`, { titulo: 'Natal na cozinha', link: '/cozinha/', ativo: false }),
    );
    expect(off.banner.situacao).toBe('desligado');
    expect((await carousel()).some((b) => b.id === id)).toBe(false);
    expect(off.historico.map((h) => h.acao)).toEqual(['banner.alterar', 'banner.alterar', 'banner.criar']);
    expect(off.historico[0]?.autorNome).toBeTruthy();
    expect(off.historico[0]?.mudancas.map((m) => m.campo)).toContain('Ativo');
  });

  test('order moves one place at a time among the banners beside it, and the home follows it', async () => {
    const ids = (await carousel()).map((b) => b.id);
    expect(ids.length).toBeGreaterThan(2);
    const second = ids[1] ?? 0;
    const moved = await detail(await send('POST', `/${String(second)}/move`, { direcao: 'subir' }));
    expect(moved.banner.ordem).toBe(1);
    expect((await carousel()).map((b) => b.id).slice(0, 2)).toEqual([second, ids[0]]);
    // At the top, up changes nothing.
    await detail(await send('POST', `/${String(second)}/move`, { direcao: 'subir' }));
    expect((await carousel())[0]?.id).toBe(second);
    expect((await send('POST', `/${String(second)}/move`, { direcao: 'lado' })).status).toBe(400);
  });

  test('a removed banner leaves the store with its images; images no banner took are thrown away a day later', async () => {
    const desktop = bannerImageSentSchema.parse(
      (await upload('meio-home', 'desktop', await photo(940, 300))).body,
    );
    const created = await detail(
      await send('POST', '', {
        lugar: 'meio-home',
        titulo: 'Gourmet',
        link: '/area-gourmet/',
        imagemDesktop: desktop.imagem,
      }),
      201,
    );
    const after = bannerListSchema.parse(
      await (await send('DELETE', `/${String(created.banner.id)}`)).json(),
    );
    expect(after.banners.some((b) => b.id === created.banner.id)).toBe(false);
    const db = store.database.db;
    expect(await db.select().from(t.bannerImages).where(eq(t.bannerImages.id, desktop.imagem))).toEqual([]);
    expect((await file(created.banner.desktop.imagem)).status).toBe(404);
    // Sent but never named: kept for a day (a form half-way), then gone; those in use stay.
    const stray = bannerImageSentSchema.parse(
      (await upload('meio-home', 'mobile', await photo(720, 360))).body,
    );
    expect(await dropUnusedBannerImages(db)).toBe(0);
    await db.update(t.bannerImages).set({ createdAt: new Date(Date.now() - 25 * hour) });
    const inUse = await db.select({ id: t.banners.desktopImage }).from(t.banners);
    await dropUnusedBannerImages(db);
    const left = (await db.select({ id: t.bannerImages.id }).from(t.bannerImages)).map((r) => r.id);
    expect(left).not.toContain(stray.imagem);
    for (const { id } of inUse) if (id) expect(left).toContain(id);
  });
});
