import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_TOO_LARGE,
  BANNER_PLACE_KEYS,
  bannerCreateSchema,
  bannerMoveSchema,
  bannerSaveSchema,
} from '#/contract/banners.ts';
import type { BannerPlace } from '#/contract/banners.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound, PlatformError, refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';
import { keepBannerImage } from '#/server/staff/banner-images.ts';
import {
  bannerDetail,
  createBanner,
  listBanners,
  moveBanner,
  removeBanner,
  saveBanner,
} from '#/server/staff/banners.ts';
import type { BannerChange } from '#/server/staff/banners.ts';

/**
 * The banners (`/v2/admin/banners`, owners and `conteudo`; our extension): list, read one with its history,
 * send an image (cut to its place's size), create, save, move, remove (answering the list). Each change is in the activity trail;
 * the store shows it on every instance within a second (the banners table notifies, changes.ts).
 */
export const staffBanners = new Hono<PlatformEnv>();
staffBanners.use(allow('conteudo'));

const refused = refuseByField('Banner inválido.');

const idOf = (value: string) => {
  if (!/^\d{1,9}$/.test(value)) throw notFound('Banner não encontrado.');
  return Number(value);
};

const entry = (actor: Actor) => (change: BannerChange | undefined) =>
  change && {
    actor,
    action: change.action,
    entity: 'banner' as const,
    entityId: String(change.id),
    before: change.before,
    after: change.after,
  };

staffBanners.get('/', async (c) => c.json(await listBanners(c.get('config').db, c.get('origin'))));

/** An image, sent as its own bytes, for a place and a device: answers its id, to name when saving. */
staffBanners.post(
  '/images',
  bodyLimit({
    maxSize: BANNER_IMAGE_MAX_BYTES,
    onError: () => {
      throw new PlatformError(413, 'payload_too_large', BANNER_IMAGE_TOO_LARGE);
    },
  }),
  async (c) => {
    const place = c.req.query('lugar') ?? '';
    const device = c.req.query('dispositivo') ?? '';
    if (!(BANNER_PLACE_KEYS as string[]).includes(place))
      throw badRequest(`Informe o lugar do banner: ${BANNER_PLACE_KEYS.join(', ')}.`);
    if (device !== 'desktop' && device !== 'mobile')
      throw badRequest('Informe o dispositivo da imagem: desktop ou mobile.');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) throw badRequest('Envie o arquivo da imagem (JPEG, PNG ou WebP).');
    return c.json(await keepBannerImage(c.get('config').db, place as BannerPlace, device, bytes), 201);
  },
);

staffBanners.post('/', zValidator('json', bannerCreateSchema, refused), async (c) => {
  const { db } = c.get('config');
  const created = await recorded(db, (tx) => createBanner(tx, c.req.valid('json')), entry(c.get('actor')));
  return c.json(await bannerDetail(db, c.get('origin'), created.id), 201);
});

staffBanners.get('/:id', async (c) =>
  c.json(await bannerDetail(c.get('config').db, c.get('origin'), idOf(c.req.param('id')))),
);

staffBanners.put('/:id', zValidator('json', bannerSaveSchema, refused), async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(db, (tx) => saveBanner(tx, id, c.req.valid('json')), entry(c.get('actor')));
  return c.json(await bannerDetail(db, c.get('origin'), id));
});

staffBanners.post('/:id/move', zValidator('json', bannerMoveSchema, refused), async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(db, (tx) => moveBanner(tx, id, c.req.valid('json').direcao), entry(c.get('actor')));
  return c.json(await bannerDetail(db, c.get('origin'), id));
});

staffBanners.delete('/:id', async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(db, (tx) => removeBanner(tx, id), entry(c.get('actor')));
  return c.json(await listBanners(db, c.get('origin')));
});
