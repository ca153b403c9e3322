import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { conversaSchema, readyAnswerSchema, readyAnswersSchema } from '#/contract/staff-conversations.ts';
import { inboxListSchema } from '#/contract/staff-inbox.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import * as t from '#/server/db/schema.ts';
import { messageIdOf } from '#/server/jobs/mail.ts';
import { buyer, json, pickVariants, placeAs } from './buyers.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/**
 * A message of the inbox as a conversation: the reply is kept with who and when, e-mailed from the store signed
 * by its author, and the message marked answered; the message is tied to its customer and the orders it
 * names, and back; ready answers start a reply.
 */

let store: TestPlatform;
let orders: { token: string };
let catalogue: { token: string };
let orderNumber = 0;
let buyerEmail = '';
beforeAll(async () => {
  store = await startPlatform(10);
  orders = await member('atende@loja.test', 'pedidos');
  catalogue = await member('catalogo@loja.test', 'catalogo');
  const [v] = await pickVariants(store, 1);
  if (!v) throw new Error('no variant');
  const b = await buyer(store, [{ v, quantidade: 1 }]);
  const placed = await placeAs(store, b);
  orderNumber = pedidoAnswerSchema.parse(await placed.json()).pedido.numero;
  const [customer] = await store.database.db
    .select()
    .from(t.customers)
    .where(eq(t.customers.id, b.customerId));
  buyerEmail = customer?.email ?? '';
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const contact = (body: Record<string, string>) =>
  store.request('/v2/front/form/contact', {
    method: 'POST',
    ...json(
      { nome: 'Ana Souza', contato: '(19) 99876-5432', assunto: 'Pedido e entrega', ...body },
      { Session: newSession(), 'X-Loja-Cliente': `10.8.0.${String(Math.floor(Math.random() * 250))}` },
    ),
  });
const read = async (id: string) => {
  const res = await admin(`/inbox/${encodeURIComponent(id)}`, { headers: as(orders.token) });
  expect(res.status).toBe(200);
  return conversaSchema.parse(await res.json());
};
const list = async (query: string) => {
  const res = await admin(`/inbox${query}`, { headers: as(orders.token) });
  expect(res.status).toBe(200);
  return inboxListSchema.parse(await res.json());
};
const replyTo = (id: string, body: unknown, token = orders.token) =>
  admin(`/inbox/${encodeURIComponent(id)}/replies`, { method: 'POST', body, headers: as(token) });

let messageId = '';

describe('a conversation', () => {
  test('the message names its customer (by address) and the orders it cites, which link back to it', async () => {
    expect(
      (
        await contact({
          email: buyerEmail.toUpperCase(),
          pedido: String(orderNumber),
          mensagem: `Meu pedido nº ${String(orderNumber)} e o pedido 999999 ainda não chegaram.`,
        })
      ).status,
    ).toBe(200);
    const [found] = (await list(`?pedido=${String(orderNumber)}`)).mensagens;
    messageId = found?.id ?? '';
    expect(messageId).toMatch(/^formulario-\d+$/);
    const talk = await read(messageId);
    expect(talk.cliente?.nome).toBe('Ana Souza');
    // 999999 is no order of the store: only the real one is linked.
    expect(talk.pedidos).toEqual([
      { numero: orderNumber, situacao: 'Aguardando pagamento', email: buyerEmail },
    ]);
    expect(talk.respostas).toEqual([]);
    expect(talk.respondivelPorEmail).toBe(true);
    // The customer's page reads their messages by address, whatever its case.
    expect((await list(`?email=${encodeURIComponent(buyerEmail)}`)).mensagens.map((m) => m.id)).toEqual([
      messageId,
    ]);
    // An order named only in the text is found too; a longer number that starts the same is not.
    await contact({ email: 'outra@exemplo.com.br', mensagem: `Sobre o #${String(orderNumber)}, obrigada.` });
    await contact({ email: 'outra@exemplo.com.br', mensagem: `Pedido ${String(orderNumber)}7 não é este.` });
    expect((await list(`?pedido=${String(orderNumber)}`)).total).toBe(2);
  });

  test('the inbox counts what waits for an answer, by age', async () => {
    const before = (await list('')).espera;
    expect(before.total).toBe(3);
    expect(before.hoje).toBe(3);
    await store.database.db
      .update(t.formSubmissions)
      .set({ createdAt: sql`now() AT TIME ZONE 'UTC' - interval '5 days'` })
      .where(eq(t.formSubmissions.email, 'outra@exemplo.com.br'));
    expect((await list('')).espera).toEqual({ total: 3, hoje: 1, ate3dias: 0, mais3dias: 2 });
  });

  test('a reply is e-mailed from the store, signed, to the sender; kept in the thread; the message answered', async () => {
    const res = await replyTo(messageId, {
      texto: 'Olá, Ana! Seu pedido sai amanhã.',
      salvarComo: 'Pedido sai amanhã',
    });
    expect(res.status).toBe(201);
    const mail = store.mail.find((m) => m.kind === 'resposta-mensagem');
    // The form keeps addresses in lower case.
    expect(mail?.to).toBe(buyerEmail);
    expect(mail?.subject).toBe('Re: Pedido e entrega');
    expect(mail?.text).toMatch(/^Olá, Ana! Seu pedido sai amanhã\.\n\n-- \nPessoa pedidos\n/);
    expect(mail?.text).toContain(`> Meu pedido nº ${String(orderNumber)}`);
    // Answering the e-mail reaches the team's contact address.
    expect(mail?.headers).toEqual({ 'Reply-To': 'atendimento@casaemetais.com.br' });

    const talk = await read(messageId);
    expect(talk.respostas).toHaveLength(1);
    expect(talk.respostas[0]).toMatchObject({
      por: 'Pessoa pedidos',
      para: buyerEmail,
      texto: 'Olá, Ana! Seu pedido sai amanhã.',
      // This platform has no mail queue: nothing says the e-mail left.
      envio: 'sem-registro',
    });
    expect(talk.mensagem.respondida?.por).toBe('Pessoa pedidos');
    expect((await list('?situacao=a-responder')).espera.total).toBe(2);
    const [row] = (await list(`?pedido=${String(orderNumber)}`)).mensagens.filter((m) => m.id === messageId);
    expect(row?.respostas).toBe(1);
    const [audit] = await store.database.db
      .select()
      .from(t.auditLog)
      .where(sql`${t.auditLog.action} = 'mensagem.resposta'`);
    expect(audit).toMatchObject({ entity: 'mensagem', entityId: messageId });

    // Where the e-mail is comes from the mail queue's row of the reply.
    const replyId = talk.respostas[0]?.id ?? 0;
    await store.database.db.insert(t.mailMessages).values({
      id: messageIdOf(`resposta:${String(replyId)}`),
      kind: 'resposta-mensagem',
      recipient: buyerEmail,
      subject: 'Re: Pedido e entrega',
      body: { text: '' },
      state: 'falhou',
    });
    expect((await read(messageId)).respostas[0]?.envio).toBe('falhou');
  });

  test('the reply was kept as a ready answer; one is filled in for a person, changed and removed', async () => {
    const { respostas } = readyAnswersSchema.parse(
      await (await admin('/inbox/ready-answers', { headers: as(orders.token) })).json(),
    );
    expect(respostas.map((r) => r.titulo)).toEqual(['Pedido sai amanhã']);
    // Kept with the sender's name as {nome}: the next person is greeted by theirs.
    expect(respostas[0]?.texto).toBe('Olá, {nome}! Seu pedido sai amanhã.');
    const made = await admin('/inbox/ready-answers', {
      method: 'POST',
      body: { titulo: 'Prazo', texto: 'Olá, {nome}! O prazo é de 5 dias úteis.' },
      headers: as(orders.token),
    });
    expect(made.status).toBe(201);
    const { id } = readyAnswerSchema.parse(await made.json());
    const filled = async (nome: string) =>
      readyAnswerSchema.parse(
        await (
          await admin(`/inbox/ready-answers/${String(id)}?nome=${encodeURIComponent(nome)}`, {
            headers: as(orders.token),
          })
        ).json(),
      ).texto;
    expect(await filled('Rita de Cássia')).toBe('Olá, Rita! O prazo é de 5 dias úteis.');
    expect(await filled('')).toBe('Olá! O prazo é de 5 dias úteis.');
    // The same name twice is refused by the field, and changes nothing.
    const twice = await admin('/inbox/ready-answers', {
      method: 'POST',
      body: { titulo: 'Prazo', texto: 'Outro texto' },
      headers: as(orders.token),
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({
      erros: { titulo: 'Já existe uma resposta pronta com esse nome.' },
    });
    const changed = await admin(`/inbox/ready-answers/${String(id)}`, {
      method: 'PUT',
      body: { titulo: 'Prazo de entrega', texto: 'Olá, {nome}! Até 5 dias úteis.' },
      headers: as(orders.token),
    });
    expect(changed.status).toBe(200);
    expect(await filled('Rita')).toBe('Olá, Rita! Até 5 dias úteis.');
    expect(
      (await admin(`/inbox/ready-answers/${String(id)}`, { method: 'DELETE', headers: as(orders.token) }))
        .status,
    ).toBe(200);
    expect((await admin(`/inbox/ready-answers/${String(id)}`, { headers: as(orders.token) })).status).toBe(
      404,
    );
  });

  test('bad input is a Portuguese 4xx that sends and keeps nothing', async () => {
    const replies = () => store.mail.filter((m) => m.kind === 'resposta-mensagem').length;
    const mails = replies();
    const kept = await store.database.db.select().from(t.messageReplies);
    for (const [body, field] of [
      [{ texto: '   ' }, 'texto'],
      [{ texto: 'x'.repeat(4001) }, 'texto'],
      [{ texto: 'ok', salvarComo: 'y'.repeat(61) }, 'salvarComo'],
      [{ texto: 42 }, 'texto'],
    ] as const) {
      const res = await replyTo(messageId, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(Object.keys(((await res.json()) as { erros: object }).erros)).toEqual([field]);
    }
    // A ready answer name already taken rolls the whole reply back: no reply, no e-mail.
    expect((await replyTo(messageId, { texto: 'De novo', salvarComo: 'Pedido sai amanhã' })).status).toBe(
      400,
    );
    for (const id of ['formulario-999999', 'pedido-1', 'formulario-1;drop', 'x'.repeat(400)])
      expect((await replyTo(id, { texto: 'Olá' })).status, id.slice(0, 20)).toBe(404);
    // A newsletter sign-up has nothing to answer, and an evaluation without an address no e-mail to answer.
    await store.request('/v2/front/newsletter', {
      method: 'POST',
      ...json({ email: 'nina@exemplo.com.br', nome: 'Nina' }, { 'X-Loja-Cliente': '10.8.1.1' }),
    });
    expect((await replyTo('newsletter-nina@exemplo.com.br', { texto: 'Olá' })).status).toBe(400);
    expect((await read('newsletter-nina@exemplo.com.br')).respondivelPorEmail).toBe(false);
    expect(replies()).toBe(mails);
    expect(await store.database.db.select().from(t.messageReplies)).toHaveLength(kept.length);
  });

  test('catalogue members reach no conversation nor ready answer', async () => {
    expect((await admin(`/inbox/${messageId}`, { headers: as(catalogue.token) })).status).toBe(403);
    expect((await replyTo(messageId, { texto: 'Olá' }, catalogue.token)).status).toBe(403);
    expect((await admin('/inbox/ready-answers', { headers: as(catalogue.token) })).status).toBe(403);
  });
});
