// One concern: what the payment side writes into an order's timeline (the team reads it; buyers do not).
import { eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { formatBRL } from '#/lib/money.ts';

/** Who speaks for a payment provider in the timeline (`actorNames` shows it as the provider). */
export const PSP_ACTOR = 'psp';

/**
 * Note on the order's timeline what happened to its payment (a charge made, a notice read, a refund), under
 * the status the order has now. The note says what and how much, never a secret, a card or personal data.
 */
export async function notePayment(db: Db, number: number, note: string, actor = PSP_ACTOR): Promise<void> {
  const [order] = await db
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  if (!order) return;
  await db.insert(t.orderEvents).values({ orderNumber: number, status: order.status, actor, note });
}

/** 1234.5 → "R$ 1.234,50", for notes. */
export const reais = (value: number) => formatBRL(value);

/** Amounts in the API Pix travel as "1234.50"; the store counts in cents to add them up exactly. */
export const toCents = (valor: string) => Math.round(Number(valor) * 100);
export const toValor = (value: number) => value.toFixed(2);
