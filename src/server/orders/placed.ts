// One concern: what a placement already left behind: the order a checkout key made, and an order whose
// provider charge was never made (the instance stopped between the two).
import { and, eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PIX_API } from '#/server/payments/pix-charge.ts';

/** An order still waiting whose provider charge was never made (no Pix copy-and-paste, no payment page). */
export async function chargeMissing(db: Db, number: number): Promise<boolean> {
  const [row] = await db
    .select({
      status: t.orders.status,
      provider: t.orders.provider,
      pix: t.orders.pixPayload,
      ref: t.orders.providerRef,
    })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  if (row?.status !== 'awaiting_payment') return false;
  return row.provider === PIX_API ? row.pix === '' : row.ref === '';
}

export async function orderOfKey(db: Db, customerId: number, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ number: t.orders.number })
    .from(t.orders)
    .where(and(eq(t.orders.customerId, customerId), eq(t.orders.idempotencyKey, key)));
  return row?.number;
}
