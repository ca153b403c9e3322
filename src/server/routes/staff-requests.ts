import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { FormAnswer } from '#/contract/forms.ts';
import { isOrderNumber } from '#/contract/order.ts';
import {
  deletionDecisionSchema,
  filterRequests,
  staffRequestQuerySchema,
  withdrawalStepSchema,
} from '#/contract/rights.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound, refuseByField } from '#/server/errors.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { allow } from '#/server/middleware.ts';
import { approveDeletion, refuseDeletion } from '#/server/rights/deletion.ts';
import { listRequests } from '#/server/rights/requests.ts';
import { stepWithdrawal } from '#/server/rights/withdrawal-refund.ts';

/**
 * What the shoppers asked under the law (`/v2/admin/requests`, our extension): withdrawals, ended by the
 * owners and the `pedidos` role with a refund; account deletions, decided by the owners alone.
 */
export const staffRequests = new Hono<PlatformEnv>();
staffRequests.use(allow('pedidos'));

staffRequests.get(
  '/',
  zValidator('query', staffRequestQuerySchema, refuseByField('Filtro inválido.')),
  async (c) => c.json(filterRequests(await listRequests(c.get('config').db), c.req.valid('query'))),
);

staffRequests.post('/withdrawals/:numero', async (c) => {
  const numero = c.req.param('numero');
  if (!isOrderNumber(numero)) throw notFound('Pedido não encontrado.');
  const form = readForm(await c.req.json().catch(() => undefined), withdrawalStepSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db, mailer, pix, mercadoPago } = c.get('config');
  const mensagem = await stepWithdrawal(
    { db, mailer, origin: c.get('origin'), pix, mercadoPago },
    Number(numero),
    form.data.acao,
    c.get('actor'),
    form.data.estoque,
  );
  return c.json({ sucesso: true, mensagem } satisfies FormAnswer);
});

staffRequests.post('/deletions/:id', allow(), async (c) => {
  const id = c.req.param('id');
  if (!/^\d{1,9}$/.test(id)) throw notFound('Pedido de exclusão não encontrado.');
  const form = readForm(await c.req.json().catch(() => undefined), deletionDecisionSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db, mailer } = c.get('config');
  const deps = { db, mailer, origin: c.get('origin') };
  if (form.data.acao === 'aprovar') await approveDeletion(deps, Number(id), c.get('actor'));
  else await refuseDeletion(deps, Number(id), form.data.motivo, c.get('actor'));
  return c.json({
    sucesso: true,
    mensagem:
      form.data.acao === 'aprovar'
        ? 'Conta excluída: os dados pessoais foram apagados e os pedidos ficaram guardados. O cliente é avisado por e-mail.'
        : 'Pedido de exclusão recusado. O cliente é avisado por e-mail, com o motivo.',
  } satisfies FormAnswer);
});
