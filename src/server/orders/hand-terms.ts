// One concern: what an order the team makes by hand in the panel brings to its placement (orders/place.ts):
// where it was sold and by whom, the address typed, a discount, and a payment already received.
import { ORDER_PAYMENT_LABELS } from '#/contract/order.ts';
import type { OrderAddress } from '#/contract/address.ts';
import type { OrderChannel, ReceivedWith } from '#/contract/order.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import { notePayment } from '#/server/payments/events.ts';
import type { TellOrder } from './notices.ts';
import type { OfferedMethod } from './payments.ts';
import { moveInTransaction } from './status.ts';

/** What an order made by hand adds to a placement: where it was sold, by whom, to where, and its payment. */
export type HandTerms = {
  canal: Exclude<OrderChannel, 'site'>;
  /** The team member who enters it (its history and the activity trail name them). */
  actor: string;
  /** The delivery address as the team typed it (not one of the account's). */
  address: OrderAddress;
  discount: { valor: number; motivo: string };
  /** Already paid, and how: the order is placed paid, with no charge. */
  received?: ReceivedWith | undefined;
  /** Keeps the order's entry in the activity trail, in the order's own transaction. */
  record?: ((tx: Db, number: number) => Promise<void>) | undefined;
};

/** Payments received at once (no card fee): the cash discount applies, as it does to Pix. */
const RECEIVED_IN_CASH: ReadonlySet<ReceivedWith> = new Set(['dinheiro', 'pix', 'transferencia']);

/** A payment the team already received, as a method of no provider (nothing is charged). */
export const receivedMethod = (settings: StoreSettings, how: ReceivedWith): OfferedMethod => ({
  id: 'pix',
  label: ORDER_PAYMENT_LABELS[how],
  detalhe: '',
  aVista: RECEIVED_IN_CASH.has(how),
  minutosPagamento: settings.pagamentos.pix.minutosPagamento,
});

/**
 * What a new order's transaction ends with: the new order's notice (its buyer pays it, the team hears of it);
 * or, for a payment the team already received, a note of it and the move to paid, whose notice tells the
 * buyer it is paid (there is nothing to pay).
 */
export async function tellOfPlacing(
  tx: Db,
  number: number,
  placing: {
    method: OfferedMethod;
    hand: HandTerms | undefined;
    tell: TellOrder | undefined;
    charged: boolean;
  },
): Promise<void> {
  const { method, hand, tell, charged } = placing;
  await hand?.record?.(tx, number);
  if (!hand?.received) {
    await tell?.(tx, number, { aviso: 'novo', cobrado: charged });
    return;
  }
  await notePayment(tx, number, `Recebido pela loja: ${method.label}`, hand.actor);
  await moveInTransaction(tx, number, 'paid', { actor: hand.actor, tell });
}
