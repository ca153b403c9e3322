// One concern: money a provider took back after paying it (a chargeback, a refund or cancellation it made on
// its own, a Pix returned through the MED). Recorded once per payment, with the charge marked `tomada` (so no
// one offers to refund it), the order held (orders/hold.ts) and out of revenue, and the owners alerted.
import { and, eq, sql } from 'drizzle-orm';
import { TAKEBACK_KIND_LABELS } from '#/contract/takebacks.ts';
import type { TakebackKind } from '#/contract/takebacks.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { alertOwners } from '#/server/staff/alerts.ts';
import { notePayment, reais } from './events.ts';

export type TakebackDeps = { db: Db; mailer: Mailer; origin: string };

/** One payment taken back: which provider, which of its payments, how and how much. */
export type TakenBack = {
  number: number;
  provider: string;
  /** The provider's payment id, or the Pix's end-to-end id. */
  source: string;
  /** The provider's name as the team reads it ("Mercado Pago", "PSP do Pix"). */
  providerName: string;
  kind: TakebackKind;
  amount: number;
  detail: string;
};

/**
 * Record `taken` once (a second read of the same payment changes nothing; one recovered and taken again is
 * held again), then alert the owners by e-mail. Returns whether it was new.
 */
export async function recordTakeback(deps: TakebackDeps, taken: TakenBack): Promise<boolean> {
  const { db } = deps;
  const what = `${TAKEBACK_KIND_LABELS[taken.kind].toLowerCase()}, ${reais(taken.amount)}`;
  const written = await inTransaction(db, async (tx) => {
    const rows = await tx
      .insert(t.takebacks)
      .values({
        orderNumber: taken.number,
        provider: taken.provider,
        source: taken.source,
        kind: taken.kind,
        amount: taken.amount,
        detail: taken.detail.slice(0, 300),
      })
      .onConflictDoUpdate({
        target: [t.takebacks.provider, t.takebacks.source],
        set: { kind: taken.kind, amount: taken.amount, status: 'retido', detail: taken.detail.slice(0, 300) },
        setWhere: sql`${t.takebacks.status} = 'recuperado'`,
      })
      .returning({ id: t.takebacks.id });
    if (rows.length === 0) return false;
    // The charge is no longer the store's to give back: "Devolver" is never offered for it.
    await tx
      .update(t.orders)
      .set({ chargeState: 'tomada' })
      .where(and(eq(t.orders.number, taken.number), eq(t.orders.chargeState, 'concluida')));
    await notePayment(
      tx,
      taken.number,
      `${taken.providerName}: ${what}. O pedido fica retido (sem etiqueta e sem "enviado") até a equipe decidir`,
    );
    // The owners' alert is written with the hold it tells of.
    await alertOwners(
      { ...deps, db: tx },
      taken.number,
      `o ${taken.providerName} tirou da loja o dinheiro do pagamento (${what}). O pedido está retido: nenhuma etiqueta é comprada e ele não pode ser marcado como enviado até a equipe decidir no painel se envia mesmo assim ou cancela. Não há o que devolver ao cliente: o valor já saiu da loja.`,
    );
    return true;
  });
  return written;
}

/** The provider gave the money back to the store (a dispute it won): the order counts again and is released. */
export async function recoverTakeback(
  db: Db,
  provider: string,
  source: string,
  providerName: string,
  detail: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(t.takebacks)
      .set({ status: 'recuperado', detail: detail.slice(0, 300), decidedAt: sql`now()` })
      .where(
        and(
          eq(t.takebacks.provider, provider),
          eq(t.takebacks.source, source),
          sql`${t.takebacks.status} in ('retido', 'seguir')`,
        ),
      )
      .returning({ number: t.takebacks.orderNumber, amount: t.takebacks.amount });
    if (!row) return false;
    await tx
      .update(t.orders)
      .set({ chargeState: 'concluida' })
      .where(and(eq(t.orders.number, row.number), eq(t.orders.chargeState, 'tomada')));
    await notePayment(
      tx,
      row.number,
      `${providerName}: o valor de ${reais(row.amount)} voltou para a loja (${detail.slice(0, 120)})`,
    );
    return true;
  });
}
