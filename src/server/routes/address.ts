import { Hono } from 'hono';
import { CEP_UNKNOWN } from '#/contract/address.ts';
import { cepSchema } from '#/contract/documents.ts';
import { lookupCep } from '#/server/addresses/cep.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { rateLimit } from '#/server/rate-limit.ts';

/** Addresses: what a CEP tells (street, district, city, state) to fill a form. Our extension of the platform. */
export const address = new Hono<PlatformEnv>();

address.get('/cep/:cep', rateLimit('consulta de CEP', 60, 60_000), async (c) => {
  const cep = cepSchema().safeParse(c.req.param('cep'));
  if (!cep.success) throw badRequest(cep.error.issues[0]?.message ?? 'CEP inválido.');
  const found = await lookupCep(cep.data, c.get('config').cepProvider);
  if (!found) throw notFound(CEP_UNKNOWN);
  return c.json(found);
});
