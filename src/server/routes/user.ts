import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { User } from '../../contract/user.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { badRequest } from '../errors.ts';

export const checkout = new Hono<PlatformEnv>();

/** The visitor as the platform describes it; accounts arrive later, so everyone is anonymous for now. */
export function anonymousUser(cep: string): User {
  return {
    id: 0,
    nomeRazao: '',
    nomeFantasia: '',
    celular: '',
    telefone: '',
    email: '',
    pessoa: '',
    sexo: '',
    nascimento: '',
    revendedor: false,
    logado: false,
    loginFacilitado: false,
    primeiraCompra: true,
    optin: false,
    ativo: false,
    endereco: { cep, principal: { cep, cidade: '', uf: '', pais: 'BR' } },
    pontos: { valorTotal: { quantidade: 0, valorEmMoeda: 0 } },
    representantes: [],
    vendaInterna: { ativo: false, vendedor: '' },
    userHash: {},
  };
}

checkout.get('/user', async (c) => {
  const [row] = await c
    .get('config')
    .db.select({ cep: t.sessions.cep })
    .from(t.sessions)
    .where(eq(t.sessions.id, c.get('session')));
  return c.json(anonymousUser(row?.cep ?? ''));
});

const zipcodeSchema = z.object({ cep: z.string().max(20) });

/** Remember the shopper's CEP in the session (used by shipping estimates). */
checkout.post('/zipcode', async (c) => {
  const parsed = zipcodeSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) throw badRequest('Envie o CEP no campo cep, por exemplo {"cep": "13035-000"}.');
  const cep = parsed.data.cep.replace(/\D/g, '');
  if (!/^\d{8}$/.test(cep) || /^0{8}$/.test(cep))
    throw badRequest('CEP inválido. Informe os 8 dígitos, por exemplo 13035-000.');
  await c
    .get('config')
    .db.insert(t.sessions)
    .values({ id: c.get('session'), cep })
    .onConflictDoUpdate({ target: t.sessions.id, set: { cep, updatedAt: sql`now()` } });
  return c.json({ sucesso: true, mensagem: 'CEP salvo.' });
});
