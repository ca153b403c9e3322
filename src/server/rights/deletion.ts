// One concern: a customer's request to have their account deleted (LGPD art. 18, VI). Asked from "Minha conta"
// with the password, answered by the team within 15 days; on approval the account is anonymised in one
// transaction, while orders and their invoices stay as tax law requires (CTN art. 195; 5 years). The customer is
// e-mailed at each step.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { firstName } from '#/server/accounts/customers.ts';
import type { Customer } from '#/server/accounts/customers.ts';
import { verifyPassword } from '#/server/accounts/passwords.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import { postMail } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { recordChange } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';
import { mailTeam } from '#/server/staff/team-mail.ts';
import { deletionDue } from './requests.ts';
import { mentions, personPatterns, readableMessage, scrub } from './scrub.ts';

export type DeletionDeps = { db: Db; mailer: Mailer; origin: string };

/** What an anonymised account keeps as its name. */
export const ERASED_NAME = 'Cliente excluído';

/**
 * The customer asks for the account's deletion, confirming the password: one request open at a time; the
 * customer and the team are e-mailed with the deadline. Answers the deadline.
 */
export async function askDeletion(deps: DeletionDeps, customer: Customer, password: string): Promise<Date> {
  if (!(await verifyPassword(password, customer.passwordHash)))
    throw new PlatformError(400, 'wrong_password', 'Senha incorreta. Nada foi pedido.', {
      senha: 'Senha incorreta.',
    });
  // The request and its messages (the customer's receipt, the team's notice) in one transaction.
  return inTransaction(deps.db, async (tx) => {
    const told = { ...deps, db: tx };
    const [row] = await tx
      .insert(t.deletionRequests)
      .values({ customerId: customer.id, dueAt: deletionDue() })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new PlatformError(
        409,
        'deletion_exists',
        'Você já pediu a exclusão da sua conta: a equipe responde até o prazo informado.',
      );
    const { nomeLoja } = await loadSettings(tx);
    const due = dayAndTime(row.dueAt);
    await postMail(deps.mailer, tx, {
      kind: 'conta-exclusao-pedida',
      to: customer.email,
      subject: `Recebemos seu pedido de exclusão da conta (resposta até ${due})`,
      text: [
        `Olá, ${firstName(customer.name)}!`,
        '',
        `Recebemos em ${dayAndTime(row.requestedAt)} seu pedido para excluir sua conta na ${nomeLoja}, conforme a Lei Geral de Proteção de Dados (art. 18). Respondemos até ${due}.`,
        '',
        'Quando a exclusão for feita, apagamos seu nome, e-mail, CPF ou CNPJ, telefones, endereços, o nome nas suas avaliações, a newsletter e os avisos de estoque, e encerramos suas sessões. Os pedidos e as notas fiscais ficam guardados pelo prazo que a lei fiscal exige (5 anos), sem vínculo com uma conta.',
        '',
        `Se não foi você que pediu, entre em ${deps.origin}/minha-conta/privacidade e troque sua senha.`,
      ].join('\n'),
    });
    await mailTeam(
      told,
      'equipe-exclusao-conta',
      `${nomeLoja}: pedido de exclusão de conta (responder até ${due})`,
      [
        `Um cliente pediu a exclusão da conta (LGPD, art. 18). O prazo para responder é ${due}.`,
        `Aprove ou recuse no painel: ${deps.origin}/painel/solicitacoes`,
      ].join('\n'),
      `deletion request ${String(row.id)}`,
    );
    return row.dueAt;
  });
}

/** Take an open request of the team's list (a decided one is a 409). */
async function openRequest(db: Db, id: number) {
  const [row] = await db
    .select({ request: t.deletionRequests, customer: t.customers })
    .from(t.deletionRequests)
    .innerJoin(t.customers, eq(t.customers.id, t.deletionRequests.customerId))
    .where(eq(t.deletionRequests.id, id));
  if (!row) throw notFound('Pedido de exclusão não encontrado.');
  if (row.request.status !== 'aberta')
    throw new PlatformError(409, 'deletion_decided', 'Este pedido de exclusão já foi respondido.');
  return row;
}

/** The team refuses, saying why (the customer is told, and may ask again). */
export async function refuseDeletion(
  deps: DeletionDeps,
  id: number,
  reason: string,
  actor: Actor,
): Promise<void> {
  const { customer } = await openRequest(deps.db, id);
  await inTransaction(deps.db, async (tx) => {
    const done = await tx
      .update(t.deletionRequests)
      .set({ status: 'recusada', decidedAt: sql`now()`, decidedBy: actor, reason })
      .where(and(eq(t.deletionRequests.id, id), eq(t.deletionRequests.status, 'aberta')))
      .returning({ id: t.deletionRequests.id });
    if (done.length === 0)
      throw new PlatformError(409, 'deletion_decided', 'Este pedido de exclusão já foi respondido.');
    await record(tx, actor, customer.id, 'cliente.exclusao-recusada', 'recusada');
    await tellRefused(deps, tx, customer, reason);
  });
}

/** The customer hears why (written with the refusal: one without the other is never committed). */
async function tellRefused(deps: DeletionDeps, tx: Db, customer: Customer, reason: string): Promise<void> {
  await postMail(deps.mailer, tx, {
    kind: 'conta-exclusao-recusada',
    to: customer.email,
    subject: 'Seu pedido de exclusão da conta foi recusado',
    text: [
      `Olá, ${firstName(customer.name)}!`,
      '',
      'Analisamos seu pedido de exclusão da conta e não pudemos atendê-lo agora, por este motivo:',
      '',
      reason,
      '',
      `Você pode pedir de novo em ${deps.origin}/minha-conta/privacidade, ou responder a este e-mail.`,
    ].join('\n'),
  });
}

/**
 * The team approves: the account is anonymised in one transaction (see `anonymise`), then the customer is told
 * at the address they had. Orders and invoices stay, with the address and document the law keeps on them.
 */
export async function approveDeletion(deps: DeletionDeps, id: number, actor: Actor): Promise<void> {
  const { customer } = await openRequest(deps.db, id);
  await inTransaction(deps.db, async (tx) => {
    const done = await tx
      .update(t.deletionRequests)
      .set({ status: 'concluida', decidedAt: sql`now()`, decidedBy: actor })
      .where(and(eq(t.deletionRequests.id, id), eq(t.deletionRequests.status, 'aberta')))
      .returning({ id: t.deletionRequests.id });
    if (done.length === 0)
      throw new PlatformError(409, 'deletion_decided', 'Este pedido de exclusão já foi respondido.');
    await anonymise(tx, customer);
    await record(tx, actor, customer.id, 'cliente.exclusao', 'concluida');
    // The last message, written after the person's messages were purged: sent once the deletion commits.
    await tellDeleted(deps, tx, customer);
  });
}

async function tellDeleted(deps: DeletionDeps, tx: Db, customer: Customer): Promise<void> {
  const { nomeLoja } = await loadSettings(tx);
  await postMail(deps.mailer, tx, {
    kind: 'conta-excluida',
    to: customer.email,
    subject: `Sua conta na ${nomeLoja} foi excluída`,
    text: [
      `Olá, ${firstName(customer.name)}!`,
      '',
      `Sua conta na ${nomeLoja} foi excluída, como você pediu. Apagamos seu nome, e-mail, CPF ou CNPJ, telefones e endereços, o nome nas suas avaliações, a newsletter e os avisos de estoque, e encerramos suas sessões.`,
      '',
      'Os pedidos e as notas fiscais ficam guardados pelo prazo que a lei fiscal exige (5 anos), sem vínculo com uma conta. Este é o último e-mail que enviamos para este endereço.',
    ].join('\n'),
  });
}

const record = (tx: Db, actor: Actor, customerId: number, action: string, to: string) =>
  recordChange(tx, {
    actor,
    action,
    entity: 'cliente',
    entityId: String(customerId),
    before: { exclusao: 'aberta' },
    after: { exclusao: to },
  });

/**
 * Remove every personal value of the customer outside the records the law keeps (orders, their items, notes
 * and invoices): the account keeps its id (the orders point to it) under a name and e-mail that say it was
 * deleted, and can no longer log in.
 */
async function anonymise(tx: Db, customer: Customer): Promise<void> {
  const id = customer.id;
  const email = customer.email.toLowerCase();
  const sessions = (
    await tx.select({ id: t.sessions.id }).from(t.sessions).where(eq(t.sessions.customerId, id))
  ).map((s) => s.id);
  if (sessions.length > 0) {
    await tx.delete(t.cartItems).where(inArray(t.cartItems.sessionId, sessions));
    await tx.delete(t.idempotencyKeys).where(inArray(t.idempotencyKeys.sessionId, sessions));
    await tx
      .update(t.cartsStarted)
      .set({ sessionId: null })
      .where(inArray(t.cartsStarted.sessionId, sessions));
    await tx.delete(t.sessions).where(inArray(t.sessions.id, sessions));
  }
  await tx
    .update(t.customers)
    .set({
      email: `excluido-${String(id)}@excluido.invalid`,
      document: `excluido-${String(id)}`,
      name: ERASED_NAME,
      phone: '',
      sexo: '',
      birthDate: '',
      address: {},
      passwordHash: '',
      optin: false,
      stateRegistration: '',
      internalSeller: '',
    })
    .where(eq(t.customers.id, id));
  await tx.delete(t.customerAddresses).where(eq(t.customerAddresses.customerId, id));
  await tx.delete(t.favourites).where(eq(t.favourites.customerId, id));
  await tx.delete(t.passwordResets).where(eq(t.passwordResets.customerId, id));
  await tx.delete(t.loginCodes).where(eq(t.loginCodes.customerId, id));
  await tx.update(t.productReviews).set({ name: 'Cliente' }).where(eq(t.productReviews.customerId, id));
  await tx.delete(t.newsletterSubscribers).where(sql`lower(${t.newsletterSubscribers.email}) = ${email}`);
  await tx.delete(t.stockRequests).where(sql`lower(${t.stockRequests.email}) = ${email}`);
  await tx.delete(t.formSubmissions).where(sql`lower(${t.formSubmissions.email}) = ${email}`);
  // The team's replies to those messages go with them (the thread names the person's address).
  await tx.delete(t.messageReplies).where(sql`lower(${t.messageReplies.recipient}) = ${email}`);
  await tx.delete(t.mailOutbox).where(sql`lower(${t.mailOutbox.recipient}) = ${email}`);
  // The store's messages to the person (sent or waiting) go too: a job whose row is gone sends nothing.
  await tx.delete(t.mailMessages).where(sql`lower(${t.mailMessages.recipient}) = ${email}`);
  await tx.delete(t.signupCodes).where(sql`lower(${t.signupCodes.account}->>'email') = ${email}`);
  // Login throttles are keyed by what was typed at the login: the e-mail or the document.
  for (const typed of [email, customer.document.toLowerCase()])
    await tx.delete(t.rateLimits).where(sql`position(${typed} in ${t.rateLimits.key}) > 0`);
  await scrubKept(tx, customer);
}

/**
 * The records the law keeps lose what does not need to be there: the orders no longer open for the sessions
 * that placed them (a session cookie outlives its row), free texts about them lose the person's identifiers,
 * and the team's e-mails about the person still kept (without SMTP_URL, a week) are deleted.
 */
async function scrubKept(tx: Db, customer: Customer): Promise<void> {
  const patterns = personPatterns(customer);
  const orders = tx.select({ n: t.orders.number }).from(t.orders).where(eq(t.orders.customerId, customer.id));
  await tx.update(t.orders).set({ sessionId: '' }).where(eq(t.orders.customerId, customer.id));
  const clean = async (
    rows: { id: number; text: string }[],
    write: (id: number, text: string) => unknown,
  ) => {
    for (const row of rows) if (mentions(row.text, patterns)) await write(row.id, scrub(row.text, patterns));
  };
  await clean(
    await tx
      .select({ id: t.withdrawals.orderNumber, text: t.withdrawals.reason })
      .from(t.withdrawals)
      .where(inArray(t.withdrawals.orderNumber, orders)),
    (id, reason) => tx.update(t.withdrawals).set({ reason }).where(eq(t.withdrawals.orderNumber, id)),
  );
  await clean(
    await tx
      .select({ id: t.orderNotes.id, text: t.orderNotes.text })
      .from(t.orderNotes)
      .where(inArray(t.orderNotes.orderNumber, orders)),
    (id, text) => tx.update(t.orderNotes).set({ text }).where(eq(t.orderNotes.id, id)),
  );
  await clean(
    await tx
      .select({ id: t.refunds.id, text: t.refunds.detail })
      .from(t.refunds)
      .where(inArray(t.refunds.orderNumber, orders)),
    (id, detail) => tx.update(t.refunds).set({ detail }).where(eq(t.refunds.id, id)),
  );
  await clean(
    await tx
      .select({ id: t.takebacks.id, text: t.takebacks.note })
      .from(t.takebacks)
      .where(inArray(t.takebacks.orderNumber, orders)),
    (id, note) => tx.update(t.takebacks).set({ note }).where(eq(t.takebacks.id, id)),
  );
  const kept = await tx
    .select({ id: t.mailOutbox.id, subject: t.mailOutbox.subject, message: t.mailOutbox.message })
    .from(t.mailOutbox);
  const about = kept
    .filter((m) => mentions(`${m.subject}\n${readableMessage(m.message)}`, patterns))
    .map((m) => m.id);
  if (about.length > 0) await tx.delete(t.mailOutbox).where(inArray(t.mailOutbox.id, about));
}
