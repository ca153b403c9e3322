// One concern: a product's photos as the team manages them (add, move, remove), kept whole in the database.
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { PHOTOS_MAX } from '#/contract/staff-products.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest, notFound, PlatformError } from '#/server/errors.ts';
import { recorded } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';

const FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Smaller than this, a photo would be blurred on the product page. */
export const PHOTO_MIN_SIDE = 300;
/** What sharp may decode: a 10 MB file claiming more pixels (a decompression bomb) is refused unread. */
export const PHOTO_MAX_PIXELS = 40_000_000;

/** What a sent file is, read from its content (never its name or declared type); a 400 when not a photo. */
async function photoOf(bytes: Uint8Array) {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
  } catch {
    throw badRequest('O arquivo não é uma imagem JPEG, PNG ou WebP que possamos ler.');
  }
  const { format, width, height } = meta;
  if (!FORMATS.has(format))
    throw badRequest(`Envie a foto em JPEG, PNG ou WebP (este arquivo é ${format.toUpperCase()}).`);
  if (width * height > PHOTO_MAX_PIXELS)
    throw badRequest('A foto tem pixels demais: reduza-a para no máximo 40 megapixels.');
  if (Math.min(width, height) < PHOTO_MIN_SIDE)
    throw badRequest(
      `A foto é pequena demais (${String(width)}×${String(height)}): envie uma com pelo menos ${String(PHOTO_MIN_SIDE)} pixels de cada lado.`,
    );
  // Decoding the whole image proves it is not cut short or corrupt before it is kept. Read at a small size
  // (a JPEG is then decoded at an eighth of its side, every block still read), not as a full-size bitmap: a
  // 10 MB photo of 9 megapixels would cost 27 MB of pixels, and more on each libvips thread.
  try {
    await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS })
      .resize({ width: 320, height: 320, fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw badRequest('A imagem está corrompida ou incompleta: salve-a de novo e envie outra vez.');
  }
  return { format: format as 'jpeg' | 'png' | 'webp', width, height };
}

/** The product's photo ids in order, written to its row (what listings and pages read). */
async function refreshPhotos(tx: Db, productId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: t.productPhotos.id })
    .from(t.productPhotos)
    .where(eq(t.productPhotos.productId, productId))
    .orderBy(asc(t.productPhotos.position), asc(t.productPhotos.createdAt));
  const ids = rows.map((r) => r.id);
  await tx.update(t.products).set({ photos: ids }).where(eq(t.products.id, productId));
  return ids;
}

/** The product's photos as they are, its row locked until the change commits. */
async function lockProduct(tx: Db, productId: number): Promise<string[]> {
  const [row] = await tx
    .select({ photos: t.products.photos })
    .from(t.products)
    .where(eq(t.products.id, productId))
    .for('update');
  if (!row) throw notFound('Produto não encontrado.');
  return row.photos;
}

/** Positions 0, 1, 2… in this order. */
async function writeOrder(tx: Db, productId: number, order: readonly string[]): Promise<void> {
  for (const [position, id] of order.entries())
    await tx
      .update(t.productPhotos)
      .set({ position })
      .where(and(eq(t.productPhotos.productId, productId), eq(t.productPhotos.id, id)));
}

/**
 * One change of a product's photos: the product locked (two changes of its photos take turns), `work` given
 * the photos as they were, the new order written to the product, and the change recorded, in one transaction.
 */
async function photoChange(
  db: Db,
  productId: number,
  actor: Actor,
  action: string,
  work: (tx: Db, before: string[]) => Promise<void>,
): Promise<string[]> {
  let before: string[] = [];
  return recorded(
    db,
    async (tx) => {
      before = await lockProduct(tx, productId);
      await work(tx, before);
      return refreshPhotos(tx, productId);
    },
    (after) => ({
      actor,
      action,
      entity: 'produto',
      entityId: String(productId),
      before: { fotos: before },
      after: { fotos: after },
    }),
  );
}

/** Keep a sent photo as the product's last; the same photo twice is a 409, more than PHOTOS_MAX a 400. */
export async function addPhoto(
  db: Db,
  productId: number,
  bytes: Uint8Array,
  actor: Actor,
): Promise<string[]> {
  if (bytes.length === 0) throw badRequest('Escolha o arquivo da foto.');
  const photo = await photoOf(bytes);
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  return photoChange(db, productId, actor, 'produto.foto.adicionar', async (tx, before) => {
    if (before.includes(id)) throw new PlatformError(409, 'product_taken', 'Esta foto já está no produto.');
    if (before.length >= PHOTOS_MAX)
      throw badRequest(
        `Um produto tem no máximo ${String(PHOTOS_MAX)} fotos: remova uma antes de enviar outra.`,
      );
    await tx.insert(t.productPhotos).values({
      productId,
      id,
      position: before.length,
      ...photo,
      content: Buffer.from(bytes).toString('base64'),
    });
  });
}

const missing = () => notFound('Foto não encontrada neste produto.');

/** Move a photo one place earlier (-1) or later (1); at either end it stays. */
export function movePhoto(
  db: Db,
  productId: number,
  photoId: string,
  step: -1 | 1,
  actor: Actor,
): Promise<string[]> {
  return photoChange(db, productId, actor, 'produto.foto.mover', async (tx, before) => {
    const at = before.indexOf(photoId);
    if (at < 0) throw missing();
    const order = [...before];
    const to = Math.min(Math.max(at + step, 0), order.length - 1);
    [order[at], order[to]] = [order[to] as string, order[at] as string];
    await writeOrder(tx, productId, order);
  });
}

export function removePhoto(db: Db, productId: number, photoId: string, actor: Actor): Promise<string[]> {
  return photoChange(db, productId, actor, 'produto.foto.remover', async (tx, before) => {
    if (!before.includes(photoId)) throw missing();
    await tx
      .delete(t.productPhotos)
      .where(and(eq(t.productPhotos.productId, productId), eq(t.productPhotos.id, photoId)));
    await writeOrder(
      tx,
      productId,
      before.filter((id) => id !== photoId),
    );
  });
}

/** A photo's file as sent, for the renditions the storefront serves; undefined when there is none. */
export async function photoContent(db: Db, productId: number, photoId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: t.productPhotos.content })
    .from(t.productPhotos)
    .where(and(eq(t.productPhotos.productId, productId), eq(t.productPhotos.id, photoId)));
  return row && Buffer.from(row.content, 'base64');
}
