import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { integrationSaveSchema, isIntegrationId } from '#/contract/integrations.ts';
import type { IntegrationId } from '#/contract/integrations.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound, refuseByField } from '#/server/errors.ts';
import { probe } from '#/server/integrations/probe.ts';
import { keepTest, removeKept, saveKept } from '#/server/integrations/stored.ts';
import { listIntegrations } from '#/server/integrations/view.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';

/**
 * The providers the store works with (`/v2/admin/integrations`, owners only; our extension): each one's
 * state and source, its settings kept in the panel (secrets sealed, never read back), and "Testar conexão".
 * A provider the environment sets is the environment's: the panel's settings for it wait unused. Each
 * change is in the activity trail (`configuracao.integracao`, secrets as "guardado"); every instance builds
 * its providers again within a second (the integrations table notifies).
 */
export const staffIntegrations = new Hono<PlatformEnv>();
staffIntegrations.use(allow());

const refused = refuseByField('Dados da integração inválidos.', (path) =>
  path.slice(0, 2).map(String).join('.'),
);

const idOf = (value: string): IntegrationId => {
  if (!isIntegrationId(value)) throw notFound('Integração não encontrada.');
  return value;
};

/** The platform's providers, which the staff API only has when the store started them (boot.ts). */
const hubOf = (config: PlatformEnv['Variables']['config']) => {
  if (!config.integrations) throw notFound('Esta instalação não configura provedores pelo painel.');
  return config.integrations;
};

const entry =
  (actor: Actor, id: IntegrationId) =>
  (change: { before: Record<string, unknown> | null; after: Record<string, unknown> | null } | undefined) =>
    change && {
      actor,
      action: 'configuracao.integracao',
      entity: 'configuracao' as const,
      entityId: `integracao.${id}`,
      before: change.before,
      after: change.after,
    };

const answer = async (config: PlatformEnv['Variables']['config']) => ({
  integracoes: await listIntegrations(config.db, await config.sessionKey(), hubOf(config)),
});

staffIntegrations.get('/', async (c) => c.json(await answer(c.get('config'))));

staffIntegrations.put('/:id', zValidator('json', integrationSaveSchema, refused), async (c) => {
  const config = c.get('config');
  const id = idOf(c.req.param('id'));
  const hub = hubOf(config);
  const key = await config.sessionKey();
  await recorded(config.db, (tx) => saveKept(tx, key, id, c.req.valid('json')), entry(c.get('actor'), id));
  // This instance is told by the change notice too; the owner's next answer must already show it.
  await hub.refresh();
  return c.json(await answer(config));
});

staffIntegrations.delete('/:id', async (c) => {
  const config = c.get('config');
  const id = idOf(c.req.param('id'));
  const hub = hubOf(config);
  const key = await config.sessionKey();
  await recorded(config.db, (tx) => removeKept(tx, key, id), entry(c.get('actor'), id));
  await hub.refresh();
  return c.json(await answer(config));
});

/** `POST …/{id}/test`: one call to the provider as in force now; kept with the panel's settings. */
staffIntegrations.post('/:id/test', async (c) => {
  const config = c.get('config');
  const id = idOf(c.req.param('id'));
  const hub = hubOf(config);
  const outcome = await probe(hub, id);
  if (hub.state(id).origem === 'painel') await keepTest(config.db, id, outcome.ok, outcome.mensagem);
  return c.json(outcome);
});
