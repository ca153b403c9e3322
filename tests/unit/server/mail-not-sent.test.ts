import { afterAll, beforeAll, expect, test } from 'vitest';
import { formAnswerSchema } from '#/contract/forms.ts';
import { staffMeSchema } from '#/contract/staff.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { MAIL_NOT_SENT } from '#/server/mail/said.ts';
import { buyer, json, pickVariants, placeAs, setVariantStock } from './buyers.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { ADMIN_TOKEN, newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { shoppers } from './shoppers.ts';

/**
 * A store whose e-mail does not leave it (no SMTP: the README's quick start) never says a message was sent: the
 * shopper is told the code or link did not reach them and how to reach the store, the panel hears that the
 * store sends no e-mail, and the outbox cannot "send again" what it cannot send.
 */

let store: TestPlatform;
const kept = memoryMailer(false);
beforeAll(async () => {
  store = await startPlatform(10, { mailer: kept });
});
afterAll(() => store.stop());

const owner = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const { person, post } = shoppers(() => store);
const signUpRaw = (body: unknown, sid: string) => post('register', body, sid);

test('sign-up, password recovery and "Avise-me" say the e-mail does not reach the shopper', async () => {
  const signUp = await signUpRaw(
    person({ nomeRazao: 'Teresa Sem Correio', email: 'teresa.semcorreio@exemplo.com.br' }),
    newSession(),
  );
  const said = formAnswerSchema.parse(await signUp.json()).mensagem;
  expect(said).toContain(MAIL_NOT_SENT);
  expect(said).not.toMatch(/Enviamos/);

  const recovery = await store.request('/v2/front/checkout/password-recovery', {
    method: 'POST',
    ...json({ usuario: 'ninguem@exemplo.com.br' }, { Session: newSession() }),
  });
  expect(formAnswerSchema.parse(await recovery.json()).mensagem).toContain(MAIL_NOT_SENT);

  const [v] = await pickVariants(store, 1);
  if (v) await setVariantStock(store, v.id, 0);
  const stock = await store.request('/v2/front/product/solicitation', {
    method: 'POST',
    ...json(
      { idProduto: v?.product, idAtributoValor: v?.id, nome: 'Rui', email: 'rui@exemplo.com.br' },
      { Session: newSession() },
    ),
  });
  expect(stock.status).toBe(200);
  const stockSaid = formAnswerSchema.parse(await stock.json()).mensagem;
  expect(stockSaid).toBe(`Pedido de aviso registrado. ${MAIL_NOT_SENT}`);
});

test('the panel hears the store sends no e-mail; the outbox refuses to send again', async () => {
  const me = staffMeSchema.parse(await (await store.request('/v2/admin/me', { headers: owner })).json());
  expect(me.enviaEmail).toBe(false);
  const outbox = await store.request('/v2/admin/outbox', { headers: owner });
  expect(outbox.status).toBe(200);
  expect(((await outbox.json()) as { envia: boolean }).envia).toBe(false);
  const resend = await store.request('/v2/admin/outbox/1/resend', { method: 'POST', headers: owner });
  expect(resend.status).toBe(409);
  expect(JSON.stringify(await resend.json())).toMatch(/ainda não envia e-mails/);
});

test("the buyer's order says the store's e-mail does not reach them, so its page promises none", async () => {
  const [v] = await pickVariants(store, 1);
  if (!v) throw new Error('no variant');
  await setVariantStock(store, v.id, 5);
  const b = await buyer(store, [{ v, quantidade: 1 }]);
  const placed = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json()).pedido;
  expect(placed.avisosPorEmail).toBe(false);
  const read = await store.request(`/v2/front/checkout/order/${String(placed.numero)}`, {
    headers: { Session: b.session },
  });
  expect(pedidoAnswerSchema.parse(await read.json()).pedido.avisosPorEmail).toBe(false);
});
