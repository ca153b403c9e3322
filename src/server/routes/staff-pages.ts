import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import {
  pageCreateSchema,
  pagePreviewInputSchema,
  pageSaveSchema,
  pageStateSchema,
} from '#/contract/pages.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { settingsInForce } from '#/server/content/settings.ts';
import { notFound, refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { offeredMethods } from '#/server/orders/payments.ts';
import { recorded } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';
import {
  changePageState,
  createPage,
  listPages,
  pageDetail,
  previewPage,
  savePage,
} from '#/server/staff/pages.ts';

/**
 * The institutional pages (`/v2/admin/pages`, owners and `conteudo`; our extension): list, read one with its
 * draft and history, create, save as a draft or publish, take off the store, preview. Each change is in the
 * activity trail; the store shows a publication on every instance within a second (the pages table
 * notifies, changes.ts).
 */
export const staffPages = new Hono<PlatformEnv>();
staffPages.use(allow('conteudo'));

const refused = refuseByField('Página inválida.');

const idOf = (value: string) => {
  if (!/^\d{1,9}$/.test(value)) throw notFound('Página não encontrada.');
  return Number(value);
};

/** The trail's entry for a change, by whoever made it. */
const entry =
  (actor: Actor) =>
  (
    change:
      | {
          id: number;
          action: string;
          before: Record<string, unknown> | null;
          after: Record<string, unknown> | null;
        }
      | undefined,
  ) =>
    change && {
      actor,
      action: change.action,
      entity: 'pagina' as const,
      entityId: String(change.id),
      before: change.before,
      after: change.after,
    };

staffPages.get('/', async (c) => c.json({ paginas: await listPages(c.get('config').db) }));

staffPages.post('/preview', zValidator('json', pagePreviewInputSchema, refused), async (c) => {
  const config = c.get('config');
  const settings = await settingsInForce(config.db, config);
  const methods = offeredMethods(settings, config.paymentProvider, config.pix !== undefined);
  return c.json({ conteudo: previewPage(c.req.valid('json').conteudo, settings, { methods }) });
});

staffPages.post('/', zValidator('json', pageCreateSchema, refused), async (c) => {
  const { db } = c.get('config');
  const created = await recorded(db, (tx) => createPage(tx, c.req.valid('json')), entry(c.get('actor')));
  return c.json(await pageDetail(db, created.id), 201);
});

staffPages.get('/:id', async (c) => c.json(await pageDetail(c.get('config').db, idOf(c.req.param('id')))));

staffPages.put('/:id', zValidator('json', pageSaveSchema, refused), async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(db, (tx) => savePage(tx, id, c.req.valid('json')), entry(c.get('actor')));
  return c.json(await pageDetail(db, id));
});

staffPages.post('/:id/state', zValidator('json', pageStateSchema, refused), async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await recorded(db, (tx) => changePageState(tx, id, c.req.valid('json').acao), entry(c.get('actor')));
  return c.json(await pageDetail(db, id));
});
