// One concern: the banners as the team edits them (contract/banners.ts): each in a place of the store, with
// images cut to that place's size, a link, an optional start and end; each change in the activity trail.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BANNER_PLACES } from '#/contract/banners.ts';
import type {
  BannerAdmin,
  BannerCreate,
  BannerDetail,
  BannerDevice,
  BannerList,
  BannerPlace,
  BannerSave,
} from '#/contract/banners.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { invalidFields, notFound } from '#/server/errors.ts';
import { bannerImage } from '#/server/catalog/media-urls.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import type { Taxonomy } from '#/server/catalog/taxonomy.ts';
import { historyOf } from './audit.ts';

type Row = typeof t.banners.$inferSelect;
type Version = Record<string, unknown>;
export type BannerChange = { id: number; action: string; before: Version | null; after: Version | null };

const isPlace = (hash: string): hash is BannerPlace => Object.hasOwn(BANNER_PLACES, hash);

const situationOf = (row: Row, now: Date): BannerAdmin['situacao'] =>
  !row.active
    ? 'desligado'
    : row.endsAt && row.endsAt <= now
      ? 'encerrado'
      : row.startsAt && row.startsAt > now
        ? 'agendado'
        : 'no-ar';

const categoryName = (taxonomy: Taxonomy, id: number) =>
  taxonomy
    .lineage(id)
    .map((c) => c.name)
    .join(' › ');

/** The banners beside each other (one place, one category), in the order the store shows them. */
const groupKey = (row: Row) => `${row.hash}:${String(row.levelId)}`;

function adminOf(origin: string, taxonomy: Taxonomy, rows: Row[], now: Date): BannerAdmin[] {
  const order = new Map<string, number>();
  return rows.flatMap((row) => {
    if (!isPlace(row.hash)) return [];
    const key = groupKey(row);
    const ordem = (order.get(key) ?? 0) + 1;
    order.set(key, ordem);
    const place = BANNER_PLACES[row.hash];
    const image = (device: BannerDevice, own: string | null) => ({
      ...bannerImage(origin, row.id, device, own),
      largura: place[device].largura,
      altura: place[device].altura,
      propria: own !== null,
    });
    return [
      {
        id: row.id,
        lugar: row.hash,
        categoria:
          place.categoria && row.levelId > 0
            ? { id: row.levelId, nome: categoryName(taxonomy, row.levelId) }
            : null,
        titulo: row.title,
        link: row.link,
        inicio: row.startsAt?.toISOString() ?? null,
        fim: row.endsAt?.toISOString() ?? null,
        ativo: row.active,
        ordem,
        situacao: situationOf(row, now),
        desktop: image('desktop', row.desktopImage),
        mobile: image('mobile', row.mobileImage),
        atualizadoEm: row.updatedAt?.toISOString() ?? null,
      },
    ];
  });
}

const ordered = (db: Db) =>
  db.select().from(t.banners).orderBy(asc(t.banners.hash), asc(t.banners.levelId), asc(t.banners.position));

/** Every banner, by place and category, in the store's order; and the categories a banner can go to. */
export async function listBanners(db: Db, origin: string): Promise<BannerList> {
  const [rows, taxonomy] = await Promise.all([ordered(db), getTaxonomy(db)]);
  return {
    banners: adminOf(origin, taxonomy, rows, new Date()),
    categorias: taxonomy.categories
      .map((c) => ({ id: c.id, nome: categoryName(taxonomy, c.id) }))
      .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')),
  };
}

async function rowOf(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(t.banners).where(eq(t.banners.id, id));
  if (!row) throw notFound('Banner não encontrado.');
  return row;
}

/** One banner, as its form shows it, with who changed it and when. */
export async function bannerDetail(db: Db, origin: string, id: number): Promise<BannerDetail> {
  const row = await rowOf(db, id);
  const [group, taxonomy, historico] = await Promise.all([
    ordered(db).where(and(eq(t.banners.hash, row.hash), eq(t.banners.levelId, row.levelId))),
    getTaxonomy(db),
    historyOf(db, [{ entity: 'banner', ids: [String(id)] }], 20),
  ]);
  const banner = adminOf(origin, taxonomy, group, new Date()).find((b) => b.id === id);
  if (!banner) throw notFound('Banner não encontrado.');
  return { banner, historico };
}

/** An image as the trail names it: one sent (told apart by its id's start), or the drawing. */
const imageName = (id: string | null) => (id ? `enviada (${id.slice(0, 8)})` : 'desenho com o texto');

/** What the trail keeps of a banner. */
const versionOf = (row: Row): Version => ({
  titulo: row.title,
  link: row.link,
  inicio: row.startsAt?.toISOString() ?? null,
  fim: row.endsAt?.toISOString() ?? null,
  ativo: row.active,
  imagemDesktop: imageName(row.desktopImage),
  imagemMobile: imageName(row.mobileImage),
});

/** The images a banner is to name: each sent for this place and device (else a refusal under its field). */
async function checkImages(db: Db, place: BannerPlace, input: BannerSave) {
  const wanted = { imagemDesktop: 'desktop', imagemMobile: 'mobile' } as const;
  const ids = [input.imagemDesktop, input.imagemMobile].filter((x): x is string => typeof x === 'string');
  const rows =
    ids.length === 0 ? [] : await db.select().from(t.bannerImages).where(inArray(t.bannerImages.id, ids));
  const errors: Record<string, string> = {};
  for (const [field, device] of Object.entries(wanted)) {
    const id = input[field as keyof typeof wanted];
    if (!id) continue;
    const row = rows.find((r) => r.id === id);
    const size = BANNER_PLACES[place][device];
    if (!row) errors[field] = 'A imagem enviada não foi encontrada: envie-a de novo.';
    else if (row.width !== size.largura || row.height !== size.altura)
      errors[field] = 'Esta imagem foi preparada para outro lugar da loja: envie-a de novo.';
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** The fields of a row from the form's. */
const fieldsOf = (input: BannerSave) => ({
  name: input.titulo.trim(),
  title: input.titulo.trim(),
  link: input.link.trim(),
  startsAt: input.inicio ? new Date(input.inicio) : null,
  endsAt: input.fim ? new Date(input.fim) : null,
  active: input.ativo ?? true,
  desktopImage: input.imagemDesktop ?? null,
  mobileImage: input.imagemMobile ?? null,
  updatedAt: new Date(),
});

/** A hue for a banner drawn from its text, so two drawn banners rarely look alike. */
const hueOf = (text: string) => createHash('sha256').update(text).digest().readUInt16BE(0) % 360;

/** A new banner, last of those beside it. */
export async function createBanner(tx: Db, input: BannerCreate): Promise<BannerChange> {
  const place = input.lugar;
  let levelId = 0;
  if (BANNER_PLACES[place].categoria) {
    const category = (await getTaxonomy(tx)).categoryById.get(input.categoria ?? 0);
    if (!category) throw invalidFields({ categoria: 'Escolha uma categoria da lista.' });
    if (place === 'destaque-submenu-1' && category.parentId !== null)
      throw invalidFields({
        categoria:
          'O destaque do menu aparece só nos departamentos: escolha uma categoria do primeiro nível.',
      });
    levelId = category.id;
  }
  await checkImages(tx, place, input);
  // One new banner at a time in a place, so two never take the same position.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:banners'))`);
  const [last] = await tx
    .select({ position: sql`coalesce(max(${t.banners.position}), -1)`.mapWith(Number) })
    .from(t.banners)
    .where(and(eq(t.banners.hash, place), eq(t.banners.levelId, levelId)));
  const fields = fieldsOf(input);
  const size = BANNER_PLACES[place];
  const [row] = await tx
    .insert(t.banners)
    .values({
      ...fields,
      hash: place,
      levelId,
      position: (last?.position ?? -1) + 1,
      art: { hue: hueOf(fields.title), headline: fields.title },
      desktopSize: [size.desktop.largura, size.desktop.altura],
      mobileSize: [size.mobile.largura, size.mobile.altura],
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return {
    id: row.id,
    action: 'banner.criar',
    before: null,
    after: { lugar: BANNER_PLACES[place].nome, categoria: levelId || null, ...versionOf(row) },
  };
}

/** The images a change leaves no banner naming: thrown away with it. */
async function dropReplaced(tx: Db, before: Row, after: Row) {
  const gone = [before.desktopImage, before.mobileImage].filter(
    (id): id is string => id !== null && id !== after.desktopImage && id !== after.mobileImage,
  );
  if (gone.length > 0) await tx.delete(t.bannerImages).where(inArray(t.bannerImages.id, gone));
}

/** Save the form: text, link, dates, on or off, images (the drawing follows the text). */
export async function saveBanner(tx: Db, id: number, input: BannerSave): Promise<BannerChange | undefined> {
  const row = await rowOf(tx, id);
  if (!isPlace(row.hash)) throw notFound('Banner não encontrado.');
  await checkImages(tx, row.hash, input);
  const fields = fieldsOf(input);
  const [after] = await tx
    .update(t.banners)
    .set({ ...fields, art: { ...row.art, headline: fields.title } })
    .where(eq(t.banners.id, id))
    .returning();
  if (!after) throw notFound('Banner não encontrado.');
  await dropReplaced(tx, row, after);
  const [b, a] = [versionOf(row), versionOf(after)];
  if (JSON.stringify(b) === JSON.stringify(a)) return undefined;
  return { id, action: 'banner.alterar', before: b, after: a };
}

/** One place earlier or later among the banners beside it (nothing at either end). */
export async function moveBanner(
  tx: Db,
  id: number,
  direction: 'subir' | 'descer',
): Promise<BannerChange | undefined> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:banners'))`);
  const row = await rowOf(tx, id);
  const group = await ordered(tx).where(
    and(eq(t.banners.hash, row.hash), eq(t.banners.levelId, row.levelId)),
  );
  const at = group.findIndex((b) => b.id === id);
  const other = group[direction === 'subir' ? at - 1 : at + 1];
  if (!other) return undefined;
  // Renumbered in order first, so banners that shared a position (the seed's) swap cleanly.
  const positions = group.map((b, i) => ({ id: b.id, position: i }));
  const mine = positions[at];
  const theirs = positions.find((p) => p.id === other.id);
  if (!mine || !theirs) return undefined;
  [mine.position, theirs.position] = [theirs.position, mine.position];
  for (const p of positions)
    await tx.update(t.banners).set({ position: p.position }).where(eq(t.banners.id, p.id));
  return {
    id,
    action: 'banner.mover',
    before: { ordem: at + 1 },
    after: { ordem: direction === 'subir' ? at : at + 2 },
  };
}

/** Remove a banner and its images. */
export async function removeBanner(tx: Db, id: number): Promise<BannerChange> {
  const row = await rowOf(tx, id);
  await tx.delete(t.banners).where(eq(t.banners.id, id));
  const images = [row.desktopImage, row.mobileImage].filter((x): x is string => x !== null);
  if (images.length > 0) await tx.delete(t.bannerImages).where(inArray(t.bannerImages.id, images));
  const lugar = isPlace(row.hash) ? BANNER_PLACES[row.hash].nome : row.hash;
  return { id, action: 'banner.remover', before: { lugar, ...versionOf(row) }, after: null };
}
