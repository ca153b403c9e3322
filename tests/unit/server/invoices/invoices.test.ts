import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { faturamentoSchema } from '#/contract/invoices.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { staffOrderAnswerSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { focusNfeFromSettings } from '#/server/invoices/focusnfe/config.ts';
import { issueInvoice } from '#/server/invoices/invoices.ts';
import { sweepInvoices } from '#/server/invoices/sweep.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { startFakeFocusNfe } from '../../../support/fake-focusnfe.ts';
import type { FakeFocusNfe } from '../../../support/fake-focusnfe.ts';
import { buyer, pickVariants, placeAs } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, ORIGIN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * An order's NF-e through Focus NFe (a double on loopback that checks every call against the provider's
 * documented shapes and the NF-e's sums): issued once per order, told to the buyer once, refused with the
 * SEFAZ's words, cancelled and corrected; a provider down, slow or talking nonsense leaves nothing issued twice.
 */

let fake: FakeFocusNfe;
let store: TestPlatform;
let variants: Variant[];
const WEBHOOK_SECRET = 'segredo-do-gatilho-da-focus';

beforeAll(async () => {
  fake = await startFakeFocusNfe();
  const made = focusNfeFromSettings({ token: fake.token, apiUrl: fake.apiUrl, timeoutMs: 400 });
  if (!made) throw new Error('no provider');
  store = await startPlatform(20, { invoiceProvider: made.provider, invoiceWebhookSecret: WEBHOOK_SECRET });
  variants = await pickVariants(store, 2);
  // Enough on the shelf for every order the tests place.
  for (const v of variants)
    await store.database.db.update(t.variants).set({ stock: 500 }).where(eq(t.variants.id, v.id));
  await setStoreIe('123.456.789.110');
});
afterAll(async () => {
  await store.stop();
  await fake.close();
});
beforeEach(() => {
  Object.assign(fake.state, {
    down: false,
    delayMs: 0,
    nonsense: false,
    outcome: 'autorizado',
    readsBeforeDecision: 0,
    cancelRefused: false,
    dropAnswer: false,
  });
});

const staff = (path: string, init: { method?: string; body?: unknown } = {}) =>
  store.request(`/v2/admin/orders${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

async function setStoreIe(ie: string) {
  await store.database.db.execute(
    sql`UPDATE settings SET value = jsonb_set(value, '{dadosSite,inscricaoEstadual}', to_jsonb(${ie}::text)) WHERE key = 'configuracoes'`,
  );
}

/** A paid order of `lines` for a buyer in Campinas (SP), paid by the static Pix the team confirms. */
async function paidOrder(lines = [{ v: variants[0] as Variant, quantidade: 2 }]) {
  const b = await buyer(store, lines);
  const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json());
  const paid = await staff(`/${String(pedido.numero)}/status`, {
    method: 'PUT',
    body: { situacao: 'pago', de: 'aguardando_pagamento' },
  });
  expect(paid.status).toBe(200);
  return { numero: pedido.numero, session: b.session, customerId: b.customerId };
}

const issue = async (numero: number) => {
  const res = await staff(`/${String(numero)}/invoice`, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const invoiceRow = async (numero: number) =>
  (await store.database.db.select().from(t.invoices).where(eq(t.invoices.orderNumber, numero)))[0];
const postsOf = (numero: number) =>
  fake.calls.filter((c) => c.method === 'POST' && c.path === `/v2/nfe?ref=${String(numero)}`).length;

test('settings: without FOCUSNFE_TOKEN the store issues no NF-e', () => {
  expect(focusNfeFromSettings({})).toBeUndefined();
});

describe('issuing', () => {
  test('a paid order: one click, authorised, on the buyer page and in one e-mail; a second click issues nothing', async () => {
    const { numero, session } = await paidOrder([
      { v: variants[0] as Variant, quantidade: 2 },
      { v: variants[1] as Variant, quantidade: 1 },
    ]);
    const mailsBefore = store.mail.length;
    const first = await issue(numero);
    expect(first.status).toBe(200);
    const answer = faturamentoSchema.parse(first.body);
    expect(answer.nota?.situacao).toBe('autorizada');
    expect(answer.nota?.chave).toMatch(/^\d{44}$/);
    expect(answer.nota?.danfe).toBe(
      `${fake.apiUrl}/arquivos_development/12345678000195/202611/DANFEs/${answer.nota?.chave ?? ''}.pdf`,
    );
    expect(answer.nota?.cancelavelAte).toBeDefined();
    // What Focus NFe received: the order's number as ref, a sale within SP, static Pix (20), the sums right.
    const note = fake.notes.get(String(numero));
    expect(note?.request.items.map((i) => i.cfop)).toEqual(['5102', '5102']);
    expect(note?.request.formas_pagamento).toEqual([
      { forma_pagamento: '20', valor_pagamento: note?.request.valor_total },
    ]);
    expect(note?.request.cpf_destinatario).toMatch(/^\d{11}$/);
    expect(note?.request.indicador_inscricao_estadual_destinatario).toBe(9);
    expect(note?.request.inscricao_estadual_emitente).toBe('123456789110');
    expect(fake.violations).toEqual([]);

    // The buyer's order page shows it; the buyer got one e-mail with its key and links.
    const res = await store.request(`/v2/front/checkout/order/${String(numero)}`, {
      headers: { Session: session },
    });
    const { pedido } = pedidoAnswerSchema.parse(await res.json());
    expect(pedido.notaFiscal?.chave).toBe(answer.nota?.chave);
    const told = store.mail.slice(mailsBefore).filter((m) => m.kind === 'pedido-nota-fiscal');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(answer.nota?.danfe ?? '-');

    // A second click, and the webhook and sweep reading it again, issue nothing and tell nobody again.
    const second = await issue(numero);
    expect(second.status).toBe(409);
    expect(String(second.body['message'] ?? second.body['mensagem'])).toMatch(/já foi pedida/);
    await store.request('/webhooks/focusnfe', {
      method: 'POST',
      headers: { Authorization: WEBHOOK_SECRET, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ref: String(numero), status: 'autorizado' }),
    });
    expect(postsOf(numero)).toBe(1);
    expect(store.mail.slice(mailsBefore).filter((m) => m.kind === 'pedido-nota-fiscal')).toHaveLength(1);
    // The team's order page carries it, and the timeline says it.
    const team = staffOrderAnswerSchema.parse(await (await staff(`/${String(numero)}`)).json());
    expect(team.pedido.faturamento.nota?.numero).toBe(answer.nota?.numero);
    expect(team.pedido.linhaDoTempo.map((l) => l.texto)).toContainEqual(
      expect.stringMatching(/^NF-e \d+ série 1 autorizada$/),
    );
  });

  test('two clicks at the same moment: one NF-e', async () => {
    const { numero } = await paidOrder();
    const both = await Promise.all([issue(numero), issue(numero)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(postsOf(numero)).toBe(1);
  });

  test('an unpaid order, and an order whose product lacks its NCM, are refused in Portuguese; nothing is sent', async () => {
    const b = await buyer(store, [{ v: variants[0] as Variant, quantidade: 1 }]);
    const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json());
    const unpaid = await issue(pedido.numero);
    expect(unpaid.status).toBe(409);
    expect(JSON.stringify(unpaid.body)).toMatch(/ainda não foi pago/);

    const { numero } = await paidOrder([{ v: variants[1] as Variant, quantidade: 1 }]);
    await store.database.db
      .update(t.variants)
      .set({ ncm: '' })
      .where(eq(t.variants.id, (variants[1] as Variant).id));
    const [sku] = await store.database.db
      .select({ sku: t.variants.sku })
      .from(t.variants)
      .where(eq(t.variants.id, (variants[1] as Variant).id));
    const view = faturamentoSchema.parse(await (await staff(`/${String(numero)}/invoice`)).json());
    expect(view.podeEmitir).toBe(false);
    expect(view.pendencias.join(' ')).toContain(`SKU ${sku?.sku ?? '-'}`);
    const refused = await issue(numero);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(/Para emitir a NF-e falta: O NCM de/);
    expect(fake.notes.has(String(numero))).toBe(false);
    await store.database.db
      .update(t.variants)
      .set({ ncm: '84818019' })
      .where(eq(t.variants.id, (variants[1] as Variant).id));
  });

  test('refused by the SEFAZ: its words for the team; sent again once fixed, authorised', async () => {
    const { numero } = await paidOrder();
    fake.state.outcome = 'erro_autorizacao';
    const refused = await issue(numero);
    expect(refused.status).toBe(200);
    expect(faturamentoSchema.parse(refused.body).nota).toMatchObject({
      situacao: 'recusada',
      motivo: '539 Rejeição: CNPJ do emitente inválido',
    });
    expect(faturamentoSchema.parse(refused.body).podeEmitir).toBe(true);
    fake.state.outcome = 'autorizado';
    const again = await issue(numero);
    expect(faturamentoSchema.parse(again.body).nota?.situacao).toBe('autorizada');
    expect(fake.violations).toEqual([]);
  });
});

describe('a provider that is down, slow or wrong', () => {
  test('down (500): nothing authorised, read again later; a note it never got can be sent again', async () => {
    const { numero } = await paidOrder();
    fake.state.down = true;
    const res = await issue(numero);
    expect(faturamentoSchema.parse(res.body).nota).toMatchObject({ situacao: 'processando' });
    expect((await invoiceRow(numero))?.reason).toMatch(/respondeu com erro/);
    fake.state.down = false;
    // The fake never kept it: reading it again finds nothing, so the team may send it again.
    await store.database.db
      .update(t.invoices)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(t.invoices.orderNumber, numero));
    fake.notes.delete(String(numero));
    await sweepInvoices(
      {
        db: store.database.db,
        provider: focusNfeFromSettings({ token: fake.token, apiUrl: fake.apiUrl })?.provider,
        mailer: memoryMailer(),
        origin: ORIGIN,
      },
      null,
    );
    expect((await invoiceRow(numero))?.status).toBe('recusada');
    expect((await issue(numero)).status).toBe(200);
  });

  test("slow past the deadline, and nonsense: the order stays as it was, the reason is the team's", async () => {
    const { numero } = await paidOrder();
    fake.state.delayMs = 1000;
    const slow = await issue(numero);
    expect(faturamentoSchema.parse(slow.body).nota?.motivo).toMatch(/não respondeu a tempo/);
    fake.state.delayMs = 0;
    const statusRow = (
      await store.database.db.select({ s: t.orders.status }).from(t.orders).where(eq(t.orders.number, numero))
    )[0];
    expect(statusRow?.s).toBe('paid');

    const other = await paidOrder();
    fake.state.nonsense = true;
    const wrong = await issue(other.numero);
    expect(faturamentoSchema.parse(wrong.body).nota?.motivo).toMatch(/fora do padrão/);
  });

  test('an answer lost after Focus NFe took the note: in process, read again and adopted, never sent twice', async () => {
    const { numero } = await paidOrder();
    fake.state.dropAnswer = true;
    const lost = await issue(numero);
    fake.state.dropAnswer = false;
    expect(lost.status).toBe(200);
    const nota = faturamentoSchema.parse(lost.body).nota;
    expect(nota?.situacao).toBe('processando');
    expect(nota?.motivo).toMatch(/caiu antes da resposta/);
    expect(postsOf(numero)).toBe(1);
    // "Emitir" again while it is in process: refused, nothing sent.
    expect((await issue(numero)).status).toBe(409);
    // Even a row the store had wrongly closed as refused: the provider's note is read first and adopted.
    await store.database.db
      .update(t.invoices)
      .set({ status: 'recusada' })
      .where(eq(t.invoices.orderNumber, numero));
    const again = await issue(numero);
    expect(again.status).toBe(200);
    expect(faturamentoSchema.parse(again.body).nota?.situacao).toBe('autorizada');
    expect(postsOf(numero)).toBe(1);
    expect(fake.violations).toEqual([]);
  });

  test('the sweep reads a note whose answer was lost until the SEFAZ decides', async () => {
    const { numero } = await paidOrder();
    fake.state.dropAnswer = true;
    expect(faturamentoSchema.parse((await issue(numero)).body).nota?.situacao).toBe('processando');
    fake.state.dropAnswer = false;
    await store.database.db
      .update(t.invoices)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(t.invoices.orderNumber, numero));
    await sweepInvoices(
      {
        db: store.database.db,
        provider: focusNfeFromSettings({ token: fake.token, apiUrl: fake.apiUrl })?.provider,
        mailer: memoryMailer(),
        origin: ORIGIN,
      },
      null,
    );
    expect((await invoiceRow(numero))?.status).toBe('autorizada');
    expect(postsOf(numero)).toBe(1);
  });

  test('unreachable: nothing issued, said, and it may be asked again', async () => {
    const { numero } = await paidOrder();
    const away = focusNfeFromSettings({ token: fake.token, apiUrl: 'http://127.0.0.1:9', timeoutMs: 400 });
    const ctx = {
      db: store.database.db,
      provider: away?.provider,
      mailer: memoryMailer(),
      origin: ORIGIN,
    };
    const answer = await issueInvoice(ctx, numero, 'token');
    expect(answer.nota).toMatchObject({
      situacao: 'recusada',
    });
    expect(answer.nota?.motivo).toMatch(/fora do ar.*não foi enviada/);
    expect(postsOf(numero)).toBe(0);
    expect((await issue(numero)).status).toBe(200);
  });
});

describe('after authorisation', () => {
  test('cancelled within 24 hours with a reason; a short reason and a late one are refused', async () => {
    const { numero, session } = await paidOrder();
    await issue(numero);
    const short = await staff(`/${String(numero)}/invoice/cancel`, {
      method: 'POST',
      body: { justificativa: 'erro' },
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toMatch(/de 15 a 255 caracteres/);
    const done = await staff(`/${String(numero)}/invoice/cancel`, {
      method: 'POST',
      body: { justificativa: 'Cliente desistiu da compra antes do envio' },
    });
    expect(done.status).toBe(200);
    expect(faturamentoSchema.parse(await done.json()).nota?.situacao).toBe('cancelada');
    const res = await store.request(`/v2/front/checkout/order/${String(numero)}`, {
      headers: { Session: session },
    });
    expect(pedidoAnswerSchema.parse(await res.json()).pedido.notaFiscal).toBeUndefined();

    const late = await paidOrder();
    await issue(late.numero);
    await store.database.db
      .update(t.invoices)
      .set({ authorizedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(t.invoices.orderNumber, late.numero));
    const refused = await staff(`/${String(late.numero)}/invoice/cancel`, {
      method: 'POST',
      body: { justificativa: 'Cliente desistiu da compra antes do envio' },
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toMatch(/prazo de cancelamento/);
  });

  test('a correction letter: numbered, its PDF kept; the activity record has it', async () => {
    const { numero } = await paidOrder();
    await issue(numero);
    const res = await staff(`/${String(numero)}/invoice/correction`, {
      method: 'POST',
      body: { correcao: 'O complemento do endereço do destinatário é Bloco B.' },
    });
    expect(res.status).toBe(200);
    expect(faturamentoSchema.parse(await res.json()).nota?.cartaCorrecao?.numero).toBe(1);
    const recorded = await store.database.db
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(eq(t.auditLog.entityId, String(numero)))
      .orderBy(t.auditLog.id);
    expect(recorded.map((r) => r.action)).toEqual([
      'pedido.situacao',
      'pedido.nfe.emitir',
      'pedido.nfe.correcao',
    ]);
    expect(fake.violations).toEqual([]);
  });

  test('the webhook: without the agreed Authorization a 401; with it, the note is read again', async () => {
    fake.state.readsBeforeDecision = 5;
    const { numero } = await paidOrder();
    const res = await issue(numero);
    expect(faturamentoSchema.parse(res.body).nota?.situacao).toBe('processando');
    fake.state.readsBeforeDecision = 0;
    const forged = await store.request('/webhooks/focusnfe', {
      method: 'POST',
      headers: { Authorization: 'outro', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ref: String(numero) }),
    });
    expect(forged.status).toBe(401);
    expect((await invoiceRow(numero))?.status).toBe('processando');
    const real = await store.request('/webhooks/focusnfe', {
      method: 'POST',
      headers: { Authorization: WEBHOOK_SECRET, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ref: String(numero) }),
    });
    expect(real.status).toBe(200);
    expect((await invoiceRow(numero))?.status).toBe('autorizada');
  });
});

test('issued at payment when the owner chose it: only orders paid since then', async () => {
  const before = await paidOrder();
  const since = new Date(Date.now() + 1000);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const after = await paidOrder();
  const provider = focusNfeFromSettings({ token: fake.token, apiUrl: fake.apiUrl })?.provider;
  const report = await sweepInvoices(
    { db: store.database.db, provider, mailer: memoryMailer(), origin: ORIGIN },
    since,
  );
  expect(report.issued).toBeGreaterThanOrEqual(1);
  expect((await invoiceRow(after.numero))?.status).toBe('autorizada');
  expect(await invoiceRow(before.numero)).toBeUndefined();
});
