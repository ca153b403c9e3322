// One concern: whether an order is held because a provider took its money back (payments/takeback.ts): a held
// order gets no label and is never marked "enviado" until the team decides (staff/takebacks.ts).
import { and, eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';

/** A 409 when order `number` waits for the team to decide on money its provider took back. */
export async function refuseIfHeld(db: Db, number: number, doing: string): Promise<void> {
  const [held] = await db
    .select({ id: t.takebacks.id })
    .from(t.takebacks)
    .where(and(eq(t.takebacks.orderNumber, number), eq(t.takebacks.status, 'retido')))
    .limit(1);
  if (held)
    throw new PlatformError(
      409,
      'order_held',
      `O pedido ${String(number)} está retido: o provedor de pagamento tirou o dinheiro dele da loja. Decida no pedido (enviar mesmo assim ou cancelar) antes de ${doing}.`,
    );
}
