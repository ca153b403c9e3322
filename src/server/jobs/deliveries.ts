// One concern: what the store sends and sweeps, read for the owners: failed messages, the queue's length,
// each sweep's last run, and the messages of one order.
import { count, desc, eq } from 'drizzle-orm';
import { FAILED_SHOWN, LATE_AFTER_PERIODS } from '#/contract/deliveries.ts';
import type { Deliveries, OrderMessages } from '#/contract/deliveries.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { sweepStates } from './sweeps.ts';
import type { Sweep } from './sweeps.ts';

/** Failed messages (newest first), how many wait to leave, and each sweep with its last run. */
export async function listDeliveries(
  db: Db,
  sweeps: readonly Sweep[],
  envia: boolean,
  now = new Date(),
): Promise<Deliveries> {
  const [rows, failures, waiting, states] = await Promise.all([
    db
      .select()
      .from(t.mailMessages)
      .where(eq(t.mailMessages.state, 'falhou'))
      .orderBy(desc(t.mailMessages.failedAt))
      .limit(FAILED_SHOWN),
    countIn(db, 'falhou'),
    countIn(db, 'fila'),
    sweepStates(db, sweeps),
  ]);
  return {
    envia,
    naFila: waiting,
    totalFalhas: failures,
    falhas: rows.map((r) => ({
      id: r.id,
      tipo: r.kind,
      para: r.recipient,
      assunto: r.subject,
      motivo: r.lastError ?? 'Motivo desconhecido.',
      tentativas: r.attempts,
      em: (r.failedAt ?? r.createdAt).toISOString(),
      ...(r.orderNumber === null ? {} : { pedido: r.orderNumber }),
    })),
    rotinas: states.map((s) => ({
      nome: s.name,
      titulo: s.title,
      aCadaMinutos: Math.round(s.everyMs / 60_000),
      ...(s.startedAt ? { ultimaEm: s.startedAt.toISOString() } : {}),
      disse: s.said,
      ...(s.error ? { erro: s.error } : {}),
      execucoes: s.runs,
      atrasada:
        s.startedAt !== undefined && now.getTime() - s.startedAt.getTime() > LATE_AFTER_PERIODS * s.everyMs,
    })),
  };
}

/** How many messages are in `state`. */
async function countIn(db: Db, state: 'fila' | 'falhou'): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t.mailMessages).where(eq(t.mailMessages.state, state));
  return row?.n ?? 0;
}

/** How many messages failed for good (the panel's banner for owners). */
export const failedCount = (db: Db): Promise<number> => countIn(db, 'falhou');

/** The messages about order `number`, oldest first. */
export async function orderMessages(db: Db, number: number): Promise<OrderMessages> {
  const rows = await db
    .select()
    .from(t.mailMessages)
    .where(eq(t.mailMessages.orderNumber, number))
    .orderBy(t.mailMessages.createdAt);
  return {
    mensagens: rows.map((r) => ({
      id: r.id,
      tipo: r.kind,
      para: r.recipient,
      assunto: r.subject,
      situacao: r.state,
      em: r.createdAt.toISOString(),
      ...(r.sentAt ? { enviadoEm: r.sentAt.toISOString() } : {}),
      ...(r.state === 'falhou' && r.lastError ? { motivo: r.lastError } : {}),
    })),
  };
}
