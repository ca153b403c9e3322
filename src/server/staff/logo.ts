// One concern: the store's own logo, sent by the owner: checked, made into the header's image and the browser
// tab's icon, kept in the database and named in the settings.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Color, Metadata, OutputInfo } from 'sharp';
import { LOGO_HEIGHT, LOGO_MAX_WIDTH } from '#/contract/store-config.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { StoreImageKey } from '#/server/db/schema.ts';
import { badRequest } from '#/server/errors.ts';

const FORMATS = new Set(['jpeg', 'png', 'webp']);
/** What sharp may decode: a small file claiming more pixels (a decompression bomb) is refused unread. */
const MAX_PIXELS = 25_000_000;
/** Drawn at twice the header's size, for sharp screens. */
const SCALE = 2;

/** Where an image of the store is served: its name changes with its content, so it is cached for good. */
export const storeImagePath = (key: StoreImageKey, hash: string, format: 'webp' | 'png') =>
  `/arquivos/loja/${key}-${hash}.${format}`;

/** The sent file, read from its content (never its name or declared type); a 400 when it is not a logo. */
async function readLogo(bytes: Uint8Array) {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badRequest('O arquivo não é uma imagem PNG, JPEG ou WebP que possamos ler.');
  }
  if (!FORMATS.has(meta.format))
    throw badRequest(`Envie o logo em PNG, JPEG ou WebP (este arquivo é ${meta.format.toUpperCase()}).`);
  if (meta.height < LOGO_HEIGHT * SCALE)
    throw badRequest(
      `O logo é pequeno demais (${String(meta.width)}×${String(meta.height)}): envie um com pelo menos ${String(LOGO_HEIGHT * SCALE)} pixels de altura.`,
    );
  return meta;
}

type Made = { key: StoreImageKey; format: 'webp' | 'png'; width: number; height: number; bytes: Buffer };

/** The three images from the sent logo; a file cut short or corrupt is refused here. */
async function makeImages(bytes: Uint8Array): Promise<Made[]> {
  await readLogo(bytes);
  const source = () => sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  try {
    const header = await source()
      .resize({
        height: LOGO_HEIGHT * SCALE,
        width: LOGO_MAX_WIDTH * SCALE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer({ resolveWithObject: true });
    const square = (side: number, background: Color) =>
      source()
        .resize({ width: side, height: side, fit: 'contain', background })
        .png()
        .toBuffer({ resolveWithObject: true });
    const favicon = await square(64, { r: 0, g: 0, b: 0, alpha: 0 });
    // A phone's home screen draws transparency black: the icon is the logo on white, 180 px (Apple's size).
    const white = { r: 255, g: 255, b: 255, alpha: 1 };
    const touch = await source()
      .flatten({ background: white })
      .resize({ width: 180, height: 180, fit: 'contain', background: white })
      .png()
      .toBuffer({ resolveWithObject: true });
    return [
      { key: 'logo', format: 'webp', ...size(header.info), bytes: header.data },
      { key: 'favicon', format: 'png', ...size(favicon.info), bytes: favicon.data },
      { key: 'icone', format: 'png', ...size(touch.info), bytes: touch.data },
    ];
  } catch {
    throw badRequest('A imagem está corrompida ou incompleta: salve-a de novo e envie outra vez.');
  }
}

const size = (info: OutputInfo) => ({ width: info.width, height: info.height });

type LogoChange = { before: Record<string, unknown>; after: Record<string, unknown> };

const recordOf = (settings: { logo: string; favicon?: string | undefined }) => ({
  logo: settings.logo,
  favicon: settings.favicon ?? '',
});

/**
 * Keep the owner's logo (the header's image, the tab's icon) and name it in the settings, so every page
 * shows it; in the caller's transaction.
 */
export async function saveLogo(tx: Db, bytes: Uint8Array): Promise<LogoChange> {
  const images = await makeImages(bytes);
  // One change of the settings at a time (as Configurações and the pickup points take it).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:configuracoes'))`);
  const settings = await loadSettings(tx);
  const paths: Partial<Record<StoreImageKey, string>> = {};
  for (const image of images) {
    const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 16);
    const row = { ...image, hash, content: image.bytes.toString('base64'), updatedAt: new Date() };
    await tx.insert(t.storeImages).values(row).onConflictDoUpdate({ target: t.storeImages.key, set: row });
    paths[image.key] = storeImagePath(image.key, hash, image.format);
  }
  const header = images[0] as Made;
  const next = {
    ...settings,
    logo: paths.logo ?? settings.logo,
    logoTamanho: { largura: Math.round(header.width / SCALE), altura: Math.round(header.height / SCALE) },
    favicon: paths.favicon ?? settings.favicon,
    icone: paths.icone ?? settings.icone,
  };
  await tx.update(t.settings).set({ value: next }).where(eq(t.settings.key, 'configuracoes'));
  return { before: recordOf(settings), after: recordOf(next) };
}

/** Back to no logo of the store's own: the installation's drawing, or the name for a renamed store. */
export async function removeLogo(tx: Db): Promise<LogoChange | undefined> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:configuracoes'))`);
  const settings = await loadSettings(tx);
  if (settings.logo === STORE_SETTINGS.logo) return undefined;
  await tx.delete(t.storeImages);
  const next = {
    ...settings,
    logo: STORE_SETTINGS.logo,
    logoTamanho: STORE_SETTINGS.logoTamanho,
    favicon: STORE_SETTINGS.favicon,
    icone: undefined,
  };
  await tx.update(t.settings).set({ value: next }).where(eq(t.settings.key, 'configuracoes'));
  return { before: recordOf(settings), after: recordOf(next) };
}

/** An image of the store by its served name, when the name still matches its content (else undefined). */
export async function storeImage(db: Db, file: string) {
  const m = /^(logo|favicon|icone)-([0-9a-f]{16})\.(webp|png)$/.exec(file);
  if (!m) return undefined;
  const [row] = await db
    .select()
    .from(t.storeImages)
    .where(eq(t.storeImages.key, m[1] as StoreImageKey));
  if (!row || row.hash !== m[2] || row.format !== m[3]) return undefined;
  return { format: row.format, bytes: Buffer.from(row.content, 'base64') };
}
