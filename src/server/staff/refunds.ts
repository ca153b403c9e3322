// One concern: the refund ledger as the team sees it: each order's refunds, the alerts (refused or never
// confirmed) on the panel's home, and an alert settled by the team another way.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REFUND_ALERTS, REFUND_STATE_LABELS, REFUND_STATES } from '#/contract/staff-orders.ts';
import type { DevolucaoEquipe, RefundState, StaffOrderList } from '#/contract/staff-orders.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import type { RefundOutcome } from '#/contract/staff-orders.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { notifyRefund } from '#/server/orders/refund-mail.ts';
import { notePayment } from '#/server/payments/events.ts';
import { STORE_BANK } from '#/server/payments/refund-ledger.ts';
import { recordChange } from './audit.ts';
import { actorNames } from './members.ts';
import type { Actor } from './audit.ts';
import { formatBRL } from '#/lib/money.ts';

/** Alerts shown at most on the panel's home (the oldest first); the rest wait their turn. */
const ALERTS_SHOWN = 50;

/** Refunds a provider refused, or never confirmed: the money may not have gone back, and the team must look. */
export async function refundAlerts(db: Db): Promise<StaffOrderList['alertas']> {
  const rows = await db
    .select({ numero: t.refunds.orderNumber, valor: t.refunds.amount, status: t.refunds.status })
    .from(t.refunds)
    .where(inArray(t.refunds.status, [...REFUND_ALERTS]))
    .orderBy(asc(t.refunds.settledAt), asc(t.refunds.id))
    .limit(ALERTS_SHOWN);
  return rows.map((r) => ({
    numero: r.numero,
    texto: `Devolução de ${formatBRL(r.valor)}: ${REFUND_STATE_LABELS[r.status as RefundState].toLowerCase()}`,
  }));
}

const REASONS: Record<string, string> = {
  pedido_da_equipe: 'Pedido da equipe',
  pago_apos_cancelamento: 'Pago depois do cancelamento',
  pagamento_a_mais: 'Pagamento a mais',
};

/** An order's refunds in the ledger, in the order they were written. */
export async function orderRefunds(db: Db, number: number): Promise<DevolucaoEquipe[]> {
  const rows = await db
    .select()
    .from(t.refunds)
    .where(eq(t.refunds.orderNumber, number))
    .orderBy(asc(t.refunds.id));
  const nameOf = await actorNames(
    db,
    rows.map((r) => r.actor),
  );
  return rows.map((r) => {
    const situacao = (REFUND_STATES as readonly string[]).includes(r.status)
      ? (r.status as RefundState)
      : 'parado';
    // Money the team sent back itself (the static Pix, from the store's bank) was confirmed by no provider.
    const byTeam = r.provider === STORE_BANK && situacao === 'devolvido';
    return {
      id: r.id,
      valor: r.amount,
      situacao,
      situacaoLabel: byTeam
        ? `Devolvida pela equipe, do banco da loja (registrada por ${nameOf(r.actor)})`
        : REFUND_STATE_LABELS[situacao],
      motivo: REASONS[r.reason] ?? r.reason,
      detalhe: r.detail,
      tentativas: r.tries,
      pedidaEm: r.createdAt.toISOString(),
    };
  });
}

/**
 * The team settled a refund alert another way (money sent back by bank transfer, the provider checked): the
 * alert ends, with who did it and what they said in the timeline and the audit trail.
 */
export async function resolveRefund(
  deps: { db: Db; mailer: Mailer; origin: string },
  number: number,
  id: number,
  actor: Actor,
  note: string,
  outcome: RefundOutcome,
): Promise<void> {
  const given = outcome === 'devolvido';
  await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(t.refunds)
      .set({
        // Given back another way, it is a refund done (revenue follows); otherwise it stays not given back.
        status: given ? 'devolvido' : 'resolvido',
        detail: (given ? `Devolvido pela equipe por outro meio: ${note}` : note).slice(0, 300),
        settledAt: sql`now()`,
      })
      .where(
        and(
          eq(t.refunds.id, id),
          eq(t.refunds.orderNumber, number),
          inArray(t.refunds.status, [...REFUND_ALERTS]),
        ),
      )
      .returning();
    if (!row)
      throw new PlatformError(
        409,
        'not_an_alert',
        'Esta devolução não está recusada nem parada: nada a resolver.',
      );
    await notePayment(
      tx,
      number,
      `Devolução de ${formatBRL(row.amount)} resolvida pela equipe (${given ? 'devolvida por outro meio' : 'não será devolvida'}): ${note}`,
      actor,
    );
    await recordChange(tx, {
      actor,
      action: 'pedido.devolucao-resolvida',
      entity: 'pedido',
      entityId: String(number),
      before: {
        devolucao: REFUND_STATE_LABELS[row.status === 'resolvido' ? 'parado' : (row.status as RefundState)],
      },
      after: {
        devolucao: given ? 'Devolvida pela equipe por outro meio' : 'Não será devolvida',
        nota: note,
      },
    });
    // The buyer hears the outcome, as for any refund: written with it.
    await notifyRefund(
      tx,
      deps.mailer,
      deps.origin,
      number,
      row.amount,
      given ? 'devolvida' : 'nao_feita',
      row.reason === 'pagamento_a_mais' ? 'pagamento_a_mais' : 'pedido',
    );
  });
}
