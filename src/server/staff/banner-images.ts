// One concern: the images the team sends for banners: read from their content, cut to their place's size,
// kept in the database until a banner names them (or thrown away a day later), served by id.
import { randomBytes } from 'node:crypto';
import { and, eq, lt, notExists, or } from 'drizzle-orm';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { BANNER_PLACES } from '#/contract/banners.ts';
import type { BannerDevice, BannerImageSent, BannerPlace } from '#/contract/banners.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest } from '#/server/errors.ts';

const FORMATS = new Set(['jpeg', 'png', 'webp']);
/** What sharp may decode: a small file claiming more pixels (a decompression bomb) is refused unread. */
const MAX_PIXELS = 40_000_000;
/** An image may be enlarged this much to fill its place; more, and it would look blurred. */
const MAX_ENLARGEMENT = 1.5;

/**
 * An image sent for a banner of `place`, seen on `device`: read from its content (never its name or declared
 * type), cut to the place's size from its centre, kept until a banner names it (or thrown away a day later).
 */
export async function keepBannerImage(
  db: Db,
  place: BannerPlace,
  device: BannerDevice,
  bytes: Uint8Array,
): Promise<BannerImageSent> {
  const size = BANNER_PLACES[place][device];
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badRequest('O arquivo não é uma imagem JPEG, PNG ou WebP que possamos ler.');
  }
  if (!FORMATS.has(meta.format))
    throw badRequest(`Envie a imagem em JPEG, PNG ou WebP (este arquivo é ${meta.format.toUpperCase()}).`);
  const { width, height } = meta.autoOrient;
  if (width * height > MAX_PIXELS)
    throw badRequest('A imagem tem pixels demais: reduza-a para no máximo 40 megapixels.');
  if (Math.max(size.largura / width, size.altura / height) > MAX_ENLARGEMENT)
    throw badRequest(
      `A imagem é pequena demais (${String(width)}×${String(height)}) e ficaria borrada: envie uma com ${String(size.largura)}×${String(size.altura)} pixels.`,
    );
  let out: Buffer;
  try {
    out = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: size.largura, height: size.altura, fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest('A imagem está corrompida ou incompleta: salve-a de novo e envie outra vez.');
  }
  const id = randomBytes(12).toString('hex');
  await db.insert(t.bannerImages).values({
    id,
    format: 'webp',
    width: size.largura,
    height: size.altura,
    content: out.toString('base64'),
  });
  return { imagem: id, largura: size.largura, altura: size.altura };
}

/** A banner's own image, by id, to serve (undefined: none). */
export async function bannerImageContent(db: Db, id: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: t.bannerImages.content })
    .from(t.bannerImages)
    .where(eq(t.bannerImages.id, id));
  return row && Buffer.from(row.content, 'base64');
}

/** Images sent a day ago or more that no banner names: a form left half-way. */
export async function dropUnusedBannerImages(db: Db): Promise<number> {
  const named = db
    .select({ id: t.banners.id })
    .from(t.banners)
    .where(or(eq(t.banners.desktopImage, t.bannerImages.id), eq(t.banners.mobileImage, t.bannerImages.id)));
  const gone = await db
    .delete(t.bannerImages)
    .where(and(lt(t.bannerImages.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)), notExists(named)))
    .returning({ id: t.bannerImages.id });
  return gone.length;
}
