// One concern: a refund is written before its provider is asked, so it is asked once however many callers
// and instances race to it; only one that failed is asked again.
import { and, eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notePayment, PSP_ACTOR } from './events.ts';
import { ProviderError } from './http.ts';

export type RefundRow = {
  orderNumber: number;
  provider: string;
  /** The store's id of the refund at the provider (also its idempotency key there). */
  ref: string;
  /** What is refunded: the Pix's end-to-end id, the provider's payment id. */
  source: string;
  amount: number;
  reason: 'pago_apos_cancelamento' | 'pedido_da_equipe';
  actor: string;
};

/**
 * Write the refund (or take back one that failed) and, if this caller did, ask the provider: `ask` answers the
 * status to keep and the note for the timeline. A failure is kept as `falhou` and noted (`failed`), then thrown.
 */
export async function refundOnce(
  db: Db,
  row: RefundRow,
  ask: () => Promise<{ status: string; note: string }>,
  failed: (why: string) => string,
): Promise<void> {
  const mine = await db
    .insert(t.refunds)
    .values(row)
    .onConflictDoUpdate({
      target: [t.refunds.provider, t.refunds.ref],
      set: { status: 'pendente' },
      setWhere: eq(t.refunds.status, 'falhou'),
    })
    .returning({ id: t.refunds.id });
  if (mine.length === 0) return;
  const record = (status: string) =>
    db
      .update(t.refunds)
      .set({ status })
      .where(and(eq(t.refunds.provider, row.provider), eq(t.refunds.ref, row.ref)));
  const who = row.actor || PSP_ACTOR;
  try {
    const answer = await ask();
    await record(answer.status);
    await notePayment(db, row.orderNumber, answer.note, who);
  } catch (error) {
    await record('falhou');
    await notePayment(
      db,
      row.orderNumber,
      failed(error instanceof ProviderError ? error.message : 'erro inesperado'),
      who,
    );
    throw error;
  }
}
