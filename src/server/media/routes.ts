import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { PlatformEnv } from '#/server/context.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { IMAGE_SIZES } from '#/server/catalog/media-urls.ts';
import type { ImageSize } from '#/server/catalog/media-urls.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { PHOTO_MAX_PIXELS, photoContent } from '#/server/catalog/photos.ts';
import { storeImage } from '#/server/staff/logo.ts';
import { bannerImageContent } from '#/server/staff/banner-images.ts';
import type { Kind } from '#/server/config/finishes.ts';
import { badgeSvg, bannerSvg, brandSvg, iconSvg, productSvg } from './draw.ts';

export const media = new Hono<PlatformEnv>();

type Format = 'webp' | 'jpg' | 'png';
const TYPES: Record<Format, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Renders under way, so simultaneous requests for one image share one rendering. */
const rendering = new Map<string, Promise<Buffer>>();

/** Where a rendition starts from: a drawing (SVG, drawn at any width) or a photo (never enlarged). */
type Source = { svg: () => string } | { photo: () => Promise<Buffer | undefined> };

async function render(file: string, format: Format, width: number, source: Source): Promise<Buffer> {
  try {
    return await fs.readFile(file);
  } catch {
    let image: Sharp;
    if ('svg' in source)
      image = sharp(Buffer.from(source.svg()), { density: 144 }).resize({ width, withoutEnlargement: false });
    else {
      const photo = await source.photo();
      if (!photo) throw notFound('Imagem não encontrada.');
      // Turned as the camera held it, stripped of its metadata (location, device), at most `width` wide.
      image = sharp(photo, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true });
    }
    const out =
      format === 'webp'
        ? image.webp({ quality: 78 })
        : format === 'jpg'
          ? image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true })
          : image.png({ compressionLevel: 9 });
    const bytes = await out.toBuffer();
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write aside, then rename: a reader never sees half a file, even with several processes.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    return bytes;
  }
}

/** Render a drawing or a photo once at this size, keep the file on disk, and serve it with immutable caching. */
async function serveRendered(
  c: Context<PlatformEnv>,
  key: string,
  format: Format,
  width: number,
  source: Source | (() => string),
) {
  const file = path.join(c.get('config').mediaDir, key);
  let pending = rendering.get(file);
  if (!pending) {
    pending = render(file, format, width, typeof source === 'function' ? { svg: source } : source).finally(
      () => rendering.delete(file),
    );
    rendering.set(file, pending);
  }
  const bytes = await pending;
  return c.body(new Uint8Array(bytes), 200, { 'Content-Type': TYPES[format], 'Cache-Control': IMMUTABLE });
}

media.get('/produtos/:productId/:file', async (c) => {
  const m = /^(\d{1,9})-([01])-(zoom|big|medium|small)\.(webp|jpg)$/.exec(c.req.param('file'));
  const productId = c.req.param('productId');
  if (!m || !/^\d{1,9}$/.test(productId)) throw notFound('Imagem não encontrada.');
  const [, variantId, view, size, format] = m as unknown as [
    string,
    string,
    string,
    ImageSize,
    'webp' | 'jpg',
  ];
  const db = c.get('config').db;
  const [row] = await db
    .select({ kind: t.products.kind, finish: t.variants.finish })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(and(eq(t.variants.id, Number(variantId)), eq(t.variants.productId, Number(productId))));
  if (!row) throw notFound('Imagem não encontrada.');
  const color = (await getTaxonomy(db)).finishBySlug.get(row.finish)?.color ?? '#c8ced6';
  return serveRendered(c, `produtos/${productId}/${c.req.param('file')}`, format, IMAGE_SIZES[size], () =>
    productSvg(row.kind as Kind, color, Number(view)),
  );
});

media.get('/fotos/:productId/:file', async (c) => {
  const m = /^([0-9a-f]{24})-(zoom|big|medium|small)\.(webp|jpg)$/.exec(c.req.param('file'));
  const productId = c.req.param('productId');
  if (!m || !/^\d{1,9}$/.test(productId)) throw notFound('Imagem não encontrada.');
  const [, photo, size, format] = m as unknown as [string, string, ImageSize, 'webp' | 'jpg'];
  return serveRendered(c, `fotos/${productId}/${c.req.param('file')}`, format, IMAGE_SIZES[size], {
    photo: () => photoContent(c.get('config').db, Number(productId), photo),
  });
});

/** The store's own logo and icons (staff/logo.ts): their names change with their content. */
media.get('/loja/:file', async (c) => {
  const image = await storeImage(c.get('config').db, c.req.param('file'));
  if (!image) throw notFound('Imagem não encontrada.');
  return c.body(new Uint8Array(image.bytes), 200, {
    'Content-Type': image.format === 'webp' ? 'image/webp' : 'image/png',
    'Cache-Control': IMMUTABLE,
  });
});

media.get('/marcas/:file', async (c) => {
  const m = /^([a-z0-9-]{1,80})\.(webp|png)$/.exec(c.req.param('file'));
  const brand = m && (await getTaxonomy(c.get('config').db)).brandBySlug.get(m[1] as string);
  if (!m || !brand) throw notFound('Imagem não encontrada.');
  return serveRendered(c, `marcas/${c.req.param('file')}`, m[2] as Format, 240, () =>
    brandSvg(brand.name, brand.color),
  );
});

media.get('/selos/:file', async (c) => {
  const m = /^(\d{1,4})\.(webp|png)$/.exec(c.req.param('file'));
  const badge = m && (await getTaxonomy(c.get('config').db)).badgeById.get(Number(m[1]));
  if (!m || !badge) throw notFound('Imagem não encontrada.');
  return serveRendered(c, `selos/${c.req.param('file')}`, m[2] as Format, 200, () =>
    badgeSvg(badge.label, badge.color, badge.textColor),
  );
});

media.get('/banners/:file', async (c) => {
  const own = /^\d{1,9}-(?:desktop|mobile)-([0-9a-f]{24})\.(webp|jpg)$/.exec(c.req.param('file'));
  if (own) {
    // The team's image, already cut to its place's size (staff/banners.ts): its id is in the name.
    const db = c.get('config').db;
    const [image] = await db
      .select({ width: t.bannerImages.width })
      .from(t.bannerImages)
      .where(eq(t.bannerImages.id, own[1] as string));
    if (!image) throw notFound('Imagem não encontrada.');
    return serveRendered(c, `banners/${c.req.param('file')}`, own[2] as Format, image.width, {
      photo: () => bannerImageContent(db, own[1] as string),
    });
  }
  const m = /^(\d{1,9})-(desktop|mobile)\.(webp|jpg)$/.exec(c.req.param('file'));
  if (!m) throw notFound('Imagem não encontrada.');
  const [banner] = await c
    .get('config')
    .db.select()
    .from(t.banners)
    .where(eq(t.banners.id, Number(m[1])));
  if (!banner) throw notFound('Imagem não encontrada.');
  const [w = 1200, h = 400] = m[2] === 'desktop' ? banner.desktopSize : banner.mobileSize;
  return serveRendered(c, `banners/${c.req.param('file')}`, m[3] as Format, w, () =>
    bannerSvg(w, h, banner.art.hue, banner.art.headline),
  );
});

media.get('/icones/:file', async (c) => {
  const m = /^([a-z0-9-]{1,80})\.svg$/.exec(c.req.param('file'));
  if (!m) throw notFound('Ícone não encontrado.');
  const slug = m[1]?.startsWith('acabamento-') ? m[1].slice('acabamento-'.length) : undefined;
  const finish =
    slug === undefined ? undefined : (await getTaxonomy(c.get('config').db)).finishBySlug.get(slug);
  return c.body(iconSvg(finish?.color ?? '#1f6fb2'), 200, {
    'Content-Type': 'image/svg+xml',
    'Cache-Control': IMMUTABLE,
  });
});
