import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inboxExportSchema, inboxListSchema } from '#/contract/staff-inbox.ts';
import { staffMeSchema } from '#/contract/staff.ts';
import * as t from '#/server/db/schema.ts';
import { json } from './buyers.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The team's inbox: every kind of message in one list, filters, answered marks, and the service's e-mail. */

let store: TestPlatform;
let orders: { token: string };
let catalogue: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  orders = await member('atende@loja.test', 'pedidos');
  catalogue = await member('catalogo@loja.test', 'catalogo');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const front = (path: string, body: unknown) =>
  store.request(`/v2/front/${path}`, {
    method: 'POST',
    ...json(body, {
      Session: newSession(),
      'X-Loja-Cliente': `10.9.0.${String(Math.floor(Math.random() * 250))}`,
    }),
  });
const inbox = async (query = '', token = orders.token) => {
  const res = await admin(`/inbox${query}`, { headers: as(token) });
  expect(res.status).toBe(200);
  return inboxListSchema.parse(await res.json());
};

describe('the inbox', () => {
  test('a contact message, an architect sign-up, an evaluation and a newsletter sign-up, newest first', async () => {
    expect(
      (
        await front('form/contact', {
          nome: 'Rita Moraes',
          email: 'rita@exemplo.com.br',
          contato: '(19) 99876-5432',
          pedido: '1001',
          assunto: 'Troca ou devolução',
          mensagem: 'A cuba chegou trincada; como troco?',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await front('form/architect', {
          tipo: 'estudante',
          nome: 'Caio Arq',
          email: 'caio@exemplo.com.br',
          celular: '(11) 98765-4321',
          instituicao: 'FAU',
          curso: 'Arquitetura',
          semestre: '5',
        })
      ).status,
    ).toBe(200);
    await store.database.db
      .insert(t.storeEvaluations)
      .values({ experience: 4, service: 5, satisfied: true, mayPublish: false, message: 'Entrega rápida.' });
    expect((await front('newsletter', { email: 'nina@exemplo.com.br', nome: 'Nina' })).status).toBeLessThan(
      300,
    );

    const all = await inbox();
    expect(all.mensagens.map((m) => m.tipo)).toEqual([
      'newsletter',
      'avaliacao',
      'arquiteto-estudante',
      'contato',
    ]);
    const contact = all.mensagens.find((m) => m.tipo === 'contato');
    expect(contact).toMatchObject({
      nome: 'Rita Moraes',
      email: 'rita@exemplo.com.br',
      assunto: 'Troca ou devolução',
      texto: 'A cuba chegou trincada; como troco?',
      respondivel: true,
    });
    expect(contact?.detalhes.find((d) => d.campo === 'Telefone')?.valor).toMatch(/99876.?5432/);
    expect(contact?.respondida).toBeUndefined();
    const student = all.mensagens.find((m) => m.tipo === 'arquiteto-estudante');
    expect(student?.detalhes).toContainEqual({ campo: 'Instituição', valor: 'FAU' });
    const evaluation = all.mensagens.find((m) => m.tipo === 'avaliacao');
    expect(evaluation).toMatchObject({
      assunto: 'Experiência 4/5, atendimento 5/5',
      texto: 'Entrega rápida.',
    });
    expect(all.mensagens.find((m) => m.tipo === 'newsletter')?.respondivel).toBe(false);
    // Dates are real instants (not "Invalid Date"), newest first.
    const times = all.mensagens.map((m) => Date.parse(m.recebidaEm));
    expect(times.every((x) => Number.isFinite(x))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test('each form message is e-mailed to the service address, with the sender and the way to the inbox', () => {
    const sent = store.mail.filter((m) => m.kind === 'equipe-mensagem');
    expect(sent.map((m) => m.to)).toEqual([
      'atendimento@casaemetais.com.br',
      'atendimento@casaemetais.com.br',
    ]);
    expect(sent[0]?.subject).toContain('Fale conosco de Rita Moraes');
    expect(sent[0]?.text).toContain('De: Rita Moraes <rita@exemplo.com.br>');
    expect(sent[0]?.text).toContain('A cuba chegou trincada; como troco?');
    // Every field the sender typed, and answering the e-mail answers them.
    expect(sent[0]?.text).toMatch(/Telefone: .*99876.?5432/);
    expect(sent[0]?.text).toContain('Pedido: 1001');
    expect(sent[0]?.headers).toEqual({ 'Reply-To': 'rita@exemplo.com.br' });
    expect(sent[0]?.text).toContain('https://loja.test/painel/mensagens?situacao=a-responder');
    expect(sent[1]?.text).toContain('Instituição: FAU');
  });

  test('filters: kind, answered or not, words, dates; a bad filter is a Portuguese 400', async () => {
    expect((await inbox('?tipo=contato')).mensagens.map((m) => m.nome)).toEqual(['Rita Moraes']);
    expect((await inbox('?q=TRINCADA')).total).toBe(1);
    expect((await inbox('?q=caio@')).mensagens[0]?.tipo).toBe('arquiteto-estudante');
    expect((await inbox('?q=100%25')).total).toBe(0);
    expect((await inbox('?situacao=a-responder')).total).toBe(3);
    expect((await inbox('?de=2000-01-01&ate=2000-01-31')).total).toBe(0);
    const today = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect((await inbox(`?de=${today}&ate=${today}`)).total).toBe(4);
    for (const bad of ['?tipo=spam', '?situacao=talvez', '?de=ontem', '?pagina=0'])
      expect((await admin(`/inbox${bad}`, { headers: as(orders.token) })).status, bad).toBe(400);
  });

  test('marked answered by a member (audited), waiting again; the menu counts what waits', async () => {
    const before = staffMeSchema.parse(await (await admin('/me', { headers: as(orders.token) })).json());
    expect(before.mensagensAResponder).toBe(3);
    const contact = (await inbox('?tipo=contato')).mensagens[0];
    const res = await admin(`/inbox/${contact?.id ?? ''}/answered`, {
      method: 'PUT',
      body: { respondida: true },
      headers: as(orders.token),
    });
    expect(res.status).toBe(200);
    const answered = (await inbox('?situacao=respondidas')).mensagens;
    expect(answered.map((m) => m.id)).toEqual([contact?.id]);
    expect(answered[0]?.respondida?.por).toBe('Pessoa pedidos');
    const after = staffMeSchema.parse(await (await admin('/me', { headers: as(orders.token) })).json());
    expect(after.mensagensAResponder).toBe(2);
    const [audit] = await store.database.db
      .select()
      .from(t.auditLog)
      .where(sql`${t.auditLog.action} = 'mensagem.respondida'`);
    expect(audit).toMatchObject({ entity: 'mensagem', entityId: contact?.id });
    // Waiting again.
    await admin(`/inbox/${contact?.id ?? ''}/answered`, {
      method: 'PUT',
      body: { respondida: false },
      headers: as(orders.token),
    });
    expect((await inbox('?situacao=respondidas')).total).toBe(0);
  });

  test('nothing else can be marked, and catalogue members never see the inbox', async () => {
    for (const id of ['newsletter-nina@exemplo.com.br', 'formulario-999999', 'pedido-1', 'formulario-1;drop'])
      expect(
        (
          await admin(`/inbox/${encodeURIComponent(id)}/answered`, {
            method: 'PUT',
            body: { respondida: true },
            headers: as(orders.token),
          })
        ).status,
        id,
      ).toBe(404);
    const [contact] = (await inbox('?tipo=contato')).mensagens;
    expect(
      (
        await admin(`/inbox/${contact?.id ?? ''}/answered`, {
          method: 'PUT',
          body: { respondida: 'sim' },
          headers: as(orders.token),
        })
      ).status,
    ).toBe(400);
    expect((await admin('/inbox', { headers: as(catalogue.token) })).status).toBe(403);
    expect(
      (
        await admin(`/inbox/${contact?.id ?? ''}/answered`, {
          method: 'PUT',
          body: { respondida: true },
          headers: as(catalogue.token),
        })
      ).status,
    ).toBe(403);
    const [row] = await store.database.db
      .select()
      .from(t.formSubmissions)
      .where(eq(t.formSubmissions.kind, 'contato'));
    expect(row?.answeredAt).toBeNull();
  });

  test('the export carries every message under the filters', async () => {
    const res = await admin('/inbox/export?tipo=contato', { headers: as(orders.token) });
    const answer = inboxExportSchema.parse(await res.json());
    expect(answer.truncado).toBe(false);
    expect(answer.mensagens.map((m) => m.email)).toEqual(['rita@exemplo.com.br']);
  });
});
