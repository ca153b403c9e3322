// One concern: a label the order no longer needs (the order cancelled or refunded before it left) cancelled at
// the provider, so its price goes back to the store's balance. Told as the provider answers: cancelled, or
// refused because the carrier already has the parcel.
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { notePayment } from '#/server/payments/events.ts';
import { ProviderError } from '#/server/payments/http.ts';
import { providerSaid } from './shipments.ts';
import type { ShipmentContext } from './shipments.ts';

/** Labels bought and not yet with the carrier: the ones that may be cancelled. */
export const CANCELLABLE = ['paga', 'gerada'] as const;

const conflict = (message: string) => new PlatformError(409, 'shipment_refused', message);

/** Cancel order `number`'s label at the provider; a 409 in Portuguese when there is none to cancel or it refuses. */
export async function cancelLabel(ctx: ShipmentContext, number: number, actor: string): Promise<void> {
  const { db, provider } = ctx;
  if (!provider) throw conflict('Nenhuma plataforma de fretes configurada (MELHORENVIO_TOKEN).');
  const [row] = await db.select().from(t.shipments).where(eq(t.shipments.orderNumber, number));
  if (!row || !(CANCELLABLE as readonly string[]).includes(row.status) || row.shipmentId === '')
    throw conflict(
      row?.status === 'postada' || row?.status === 'entregue'
        ? 'A encomenda já foi postada: a etiqueta não pode mais ser cancelada.'
        : 'Este pedido não tem etiqueta comprada para cancelar.',
    );
  let cancelled: boolean;
  try {
    cancelled = await provider.cancel(row.shipmentId, `Pedido ${String(number)} cancelado pela loja`);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw conflict(`${providerSaid(error)} A etiqueta continua como estava; tente de novo.`);
  }
  if (!cancelled)
    throw conflict(
      'O Melhor Envio não cancelou a etiqueta (a coleta pode já ter sido agendada ou a encomenda postada). Confira no painel do Melhor Envio.',
    );
  const moved = await db
    .update(t.shipments)
    .set({
      status: 'cancelada',
      reason: 'Etiqueta cancelada pela equipe: o Melhor Envio devolve o valor ao saldo em até 12 horas.',
      updatedAt: new Date(),
    })
    .where(and(eq(t.shipments.orderNumber, number), inArray(t.shipments.status, [...CANCELLABLE])))
    .returning({ price: t.shipments.price });
  if (moved[0])
    await notePayment(
      db,
      number,
      `Etiqueta do Melhor Envio cancelada (${row.carrier} ${row.service}); o valor volta ao saldo em até 12 horas`,
      actor,
    );
}
