// One concern: the refund ledger. A refund is a row written in the transaction that decides it (the team's
// click, money that arrived after the order was cancelled, a payment the order did not need); then its
// provider is asked, and read again until it says the money went back or that it will not. Tries are bounded
// and spaced out; a refusal, or a refund still unconfirmed after every try, is an alert for the owners.
// The buyer hears "devolvido" only from here, when the provider confirmed it.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { alertOwners } from '#/server/staff/alerts.ts';
import { notifyRefund } from '#/server/orders/refund-mail.ts';
import { notePayment, PSP_ACTOR, reais } from './events.ts';
import { ProviderError } from './http.ts';

/** The ledger's provider name for money the team sent back from the store's own bank account (no provider). */
export const STORE_BANK = 'banco-da-loja';

export type RefundReason = 'pago_apos_cancelamento' | 'pagamento_a_mais' | 'pedido_da_equipe';

/** A refund to write: what goes back, through which provider, under which id there, and why. */
export type NewRefund = {
  orderNumber: number;
  provider: string;
  /** The store's id of the refund at the provider (also its idempotency key there). */
  ref: string;
  /** What is refunded: the Pix's end-to-end id, the provider's payment id. */
  source: string;
  amount: number;
  reason: RefundReason;
  actor: string;
};

export type RefundRow = typeof t.refunds.$inferSelect;

/** A provider's word on a refund: still on its way, done, or refused (`said`: its words, for the team). */
export type RefundAnswer = {
  state: 'em_processamento' | 'devolvido' | 'recusado';
  said: string;
  /** The provider's own id of the refund, to read it again by. */
  providerId?: string | undefined;
};

/** How the store asks one provider for a refund, and reads one it asked. */
export type RefundChannel = {
  /** "PSP do Pix", "Mercado Pago": who the team and the buyer are told about. */
  name: string;
  ask: (row: RefundRow) => Promise<RefundAnswer>;
  read: (row: RefundRow) => Promise<RefundAnswer>;
};

export type LedgerDeps = {
  db: Db;
  mailer: Mailer;
  origin: string;
  /** The providers this store talks to, by `refunds.provider`. */
  channels: Partial<Record<string, RefundChannel>>;
};

/** Calls (asks and reads) one refund gets at most before it becomes an alert: about 4 h at the delays below. */
export const REFUND_MAX_TRIES = 10;
/** Minutes before the try after try `n` (1, 2, 4, … up to an hour). */
export const retryMinutes = (n: number) => Math.min(60, 2 ** Math.max(0, n - 1));
/** Refunds worked per sweep at most, the longest due first. */
export const REFUND_BATCH = 100;

/**
 * Write refunds (inside the caller's transaction, when it decides them); one already written (same provider
 * and id) stays as it is. Answers how many are new.
 */
export async function writeRefunds(tx: Db, rows: NewRefund[]): Promise<number> {
  if (rows.length === 0) return 0;
  const made = await tx.insert(t.refunds).values(rows).onConflictDoNothing().returning({ id: t.refunds.id });
  return made.length;
}

const OPEN = ['pendente', 'em_processamento'];

/**
 * Take one refund's next try, if it is due and nobody else took it: the try is counted and the next one is put
 * off first, so two instances (or a sweep and a click) never call the provider for it at once.
 */
async function claim(db: Db, id: number): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(t.refunds)
    .set({
      tries: sql`${t.refunds.tries} + 1`,
      nextTryAt: sql`now() + make_interval(mins => least(60, power(2, ${t.refunds.tries})::int))`,
    })
    .where(and(eq(t.refunds.id, id), inArray(t.refunds.status, OPEN), lte(t.refunds.nextTryAt, sql`now()`)))
    .returning();
  return row;
}

/** Move a refund from the status it was read in; only the caller that moves it speaks of it. */
async function move(
  db: Db,
  row: RefundRow,
  status: string,
  fields: { detail: string; providerId?: string | undefined },
): Promise<boolean> {
  const final = !OPEN.includes(status);
  const moved = await db
    .update(t.refunds)
    .set({
      status,
      detail: fields.detail.slice(0, 300),
      ...(fields.providerId ? { providerId: fields.providerId } : {}),
      ...(final ? { settledAt: sql`now()` } : {}),
    })
    .where(and(eq(t.refunds.id, row.id), eq(t.refunds.status, row.status)))
    .returning({ id: t.refunds.id });
  return moved.length > 0;
}

/**
 * Work one refund: ask the provider (a new one) or read it again (one being processed), and act on the answer.
 * Answers the refund's status after this try (unchanged when it was not due or another caller had it).
 */
export async function workRefund(deps: LedgerDeps, id: number): Promise<string | undefined> {
  const { db } = deps;
  const row = await claim(db, id);
  if (!row) return undefined;
  const channel = deps.channels[row.provider];
  const value = reais(row.amount);
  const who = row.actor || PSP_ACTOR;
  const last = row.tries >= REFUND_MAX_TRIES;
  let answer: RefundAnswer;
  try {
    if (!channel) throw new ProviderError('unreachable', 503, 'provedor não configurado nesta loja');
    answer = row.status === 'pendente' ? await channel.ask(row) : await channel.read(row);
  } catch (error) {
    const why = error instanceof ProviderError ? error.message : `erro inesperado: ${errorCode(error)}`;
    if (last) {
      await stop(deps, row, `sem resposta do provedor depois de ${String(row.tries)} tentativas (${why})`);
      return 'parado';
    }
    await move(db, row, row.status, { detail: why });
    await notePayment(
      db,
      row.orderNumber,
      `Devolução de ${value} sem resposta do provedor (${why}): nova tentativa em ${String(retryMinutes(row.tries))} min`,
      who,
    );
    return row.status;
  }
  const name = channel.name;
  // Each outcome is one transaction: the refund's move, the order's note, and what it tells the buyer or the
  // owners (written to the mail queue), so a settled refund is never without its message.
  if (answer.state === 'devolvido') {
    await inTransaction(db, async (tx) => {
      if (!(await move(tx, row, 'devolvido', { detail: answer.said, providerId: answer.providerId }))) return;
      await notePayment(
        tx,
        row.orderNumber,
        `Devolução de ${value} confirmada pelo ${name} (${answer.said})`,
        who,
      );
      await notifyRefund(
        tx,
        deps.mailer,
        deps.origin,
        row.orderNumber,
        row.amount,
        'devolvida',
        row.reason === 'pagamento_a_mais' ? 'pagamento_a_mais' : 'pedido',
      );
    });
    return 'devolvido';
  }
  if (answer.state === 'recusado') {
    await inTransaction(db, async (tx) => {
      if (!(await move(tx, row, 'recusado', { detail: answer.said, providerId: answer.providerId }))) return;
      await notePayment(
        tx,
        row.orderNumber,
        `Devolução de ${value} recusada pelo ${name} (${answer.said})`,
        who,
      );
      await alertOwners(
        { ...deps, db: tx },
        row.orderNumber,
        `a devolução de ${value} foi recusada pelo ${name} (${answer.said}). O dinheiro não voltou ao cliente: devolva por outro meio e avise o cliente.`,
      );
    });
    return 'recusado';
  }
  if (row.status === 'pendente') {
    await inTransaction(db, async (tx) => {
      if (await move(tx, row, 'em_processamento', { detail: answer.said, providerId: answer.providerId }))
        await notePayment(
          tx,
          row.orderNumber,
          `Devolução de ${value} pedida ao ${name}: em processamento (${answer.said})`,
          who,
        );
    });
    return 'em_processamento';
  }
  if (last) {
    await stop(
      deps,
      row,
      `o ${name} ainda não confirmou a devolução depois de ${String(row.tries)} consultas (${answer.said})`,
    );
    return 'parado';
  }
  return row.status;
}

/** Stop trying: the refund becomes an alert the owners see in the panel and receive by e-mail. */
async function stop(deps: LedgerDeps, row: RefundRow, why: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await move(tx, row, 'parado', { detail: why }))) return;
    const value = reais(row.amount);
    await notePayment(tx, row.orderNumber, `Devolução de ${value} parada: ${why}`, row.actor || PSP_ACTOR);
    await alertOwners(
      { ...deps, db: tx },
      row.orderNumber,
      `a devolução de ${value} parou: ${why}. Confira no provedor se o dinheiro voltou ao cliente.`,
    );
  });
}

/** Work every refund that is due (of these providers), the longest waiting first, up to {@link REFUND_BATCH}. */
export async function workDueRefunds(
  deps: LedgerDeps,
): Promise<{ worked: number; devolvido: number; alertas: number }> {
  const providers = Object.keys(deps.channels);
  const report = { worked: 0, devolvido: 0, alertas: 0 };
  if (providers.length === 0) return report;
  const due = await deps.db
    .select({ id: t.refunds.id })
    .from(t.refunds)
    .where(
      and(
        inArray(t.refunds.status, OPEN),
        inArray(t.refunds.provider, providers),
        lte(t.refunds.nextTryAt, sql`now()`),
      ),
    )
    .orderBy(asc(t.refunds.nextTryAt), asc(t.refunds.id))
    .limit(REFUND_BATCH);
  for (const { id } of due) {
    const status = await workRefund(deps, id);
    if (status === undefined) continue;
    report.worked += 1;
    if (status === 'devolvido') report.devolvido += 1;
    if (status === 'recusado' || status === 'parado') report.alertas += 1;
  }
  return report;
}

/** Work the refunds of one order now (just written): whatever is left is due for the sweep. */
export async function workOrderRefunds(deps: LedgerDeps, orderNumber: number): Promise<void> {
  const rows = await deps.db
    .select({ id: t.refunds.id })
    .from(t.refunds)
    .where(and(eq(t.refunds.orderNumber, orderNumber), inArray(t.refunds.status, OPEN)))
    .orderBy(asc(t.refunds.id));
  for (const { id } of rows) await workRefund(deps, id);
}
