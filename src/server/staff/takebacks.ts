// One concern: money a provider took back, as the team sees and settles it: each order's takebacks, the held
// orders on the panel's home, and the team's decision (ship anyway, or cancel with nothing to refund).
import { and, asc, eq, sql } from 'drizzle-orm';
import { STATUS_LABELS } from '#/contract/order.ts';
import { TAKEBACK_KINDS, TAKEBACK_STATES } from '#/contract/takebacks.ts';
import type { TakebackDecision, TakebackKind, TakebackState, Tomada } from '#/contract/takebacks.ts';
import type { StaffOrderList } from '#/contract/staff-orders.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { toldWithoutQueue } from '#/server/orders/notices.ts';
import type { NoticeDeps, TellOrder } from '#/server/orders/notices.ts';
import { moveInTransaction, toSituacao } from '#/server/orders/status.ts';
import { notePayment } from '#/server/payments/events.ts';
import { formatBRL } from '#/lib/money.ts';
import { recordChange } from './audit.ts';
import type { Actor } from './audit.ts';
import { actorNames } from './members.ts';

/** Held orders shown at most on the panel's home (the oldest first). */
const ALERTS_SHOWN = 50;

const kindOf = (kind: string): TakebackKind =>
  (TAKEBACK_KINDS as readonly string[]).includes(kind) ? (kind as TakebackKind) : 'estornado';
const stateOf = (status: string): TakebackState =>
  (TAKEBACK_STATES as readonly string[]).includes(status) ? (status as TakebackState) : 'retido';

/** Orders held because their provider took the money back, waiting for the team to decide. */
export async function takebackAlerts(db: Db): Promise<StaffOrderList['alertas']> {
  const rows = await db
    .select({ numero: t.takebacks.orderNumber, valor: t.takebacks.amount })
    .from(t.takebacks)
    .where(eq(t.takebacks.status, 'retido'))
    .orderBy(asc(t.takebacks.createdAt), asc(t.takebacks.id))
    .limit(ALERTS_SHOWN);
  return rows.map((r) => ({
    numero: r.numero,
    texto: `o provedor tirou ${formatBRL(r.valor)} da loja (contestação ou devolução pelo banco): pedido retido, decida o que fazer`,
  }));
}

/** An order's takebacks, in the order they came. */
export async function orderTakebacks(db: Db, number: number): Promise<Tomada[]> {
  const rows = await db
    .select()
    .from(t.takebacks)
    .where(eq(t.takebacks.orderNumber, number))
    .orderBy(asc(t.takebacks.id));
  const nameOf = await actorNames(
    db,
    rows.map((r) => r.actor),
  );
  return rows.map((r) => ({
    id: r.id,
    valor: r.amount,
    tipo: kindOf(r.kind),
    situacao: stateOf(r.status),
    detalhe: r.detail,
    em: r.createdAt.toISOString(),
    autor: r.actor ? nameOf(r.actor) : '',
    nota: r.note,
  }));
}

/**
 * The team decides on a held order: `seguir` releases it (labels and "enviado" allowed again; the money stays
 * out of revenue), `cancelar` cancels it with its stock back and tells the buyer, with nothing to refund.
 */
export async function decideTakeback(
  deps: NoticeDeps & { tell?: TellOrder | undefined },
  number: number,
  id: number,
  actor: Actor,
  decision: TakebackDecision,
  note: string,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(t.takebacks)
      .set({
        status: decision === 'seguir' ? 'seguir' : 'cancelado',
        actor,
        note: note.slice(0, 300),
        decidedAt: sql`now()`,
      })
      .where(
        and(eq(t.takebacks.id, id), eq(t.takebacks.orderNumber, number), eq(t.takebacks.status, 'retido')),
      )
      .returning({ amount: t.takebacks.amount });
    if (!row) throw new PlatformError(409, 'not_an_alert', 'Este pedido não está retido: nada a decidir.');
    // A cancel the order's status does not allow (it left already) is a 409 and undoes the decision.
    const from =
      decision === 'cancelar'
        ? await moveInTransaction(tx, number, 'cancelled', { actor, tell: deps.tell })
        : undefined;
    await notePayment(
      tx,
      number,
      decision === 'seguir'
        ? `A equipe liberou o pedido retido (${formatBRL(row.amount)} tirados pelo provedor): ${note}`
        : `A equipe cancelou o pedido retido: nada a devolver, o provedor já tirou ${formatBRL(row.amount)} da loja. ${note}`,
      actor,
    );
    await recordChange(tx, {
      actor,
      action: 'pedido.retido-decidido',
      entity: 'pedido',
      entityId: String(number),
      before: { retido: 'sim', ...(from ? { situacao: STATUS_LABELS[toSituacao(from)] } : {}) },
      after: {
        retido: decision === 'seguir' ? 'liberado para envio' : 'pedido cancelado',
        nota: note,
      },
    });
  });
  if (decision === 'cancelar') await toldWithoutQueue(deps, number, { aviso: 'cancelled' });
}
