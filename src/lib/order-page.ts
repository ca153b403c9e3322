import { ApiError } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { getOrder } from '#/api/orders.ts';
import { isOrderNumber } from '#/contract/order.ts';
import type { Pedido } from '#/contract/order.ts';
import { pixQrSvg } from '#/lib/pix-qr.ts';

/**
 * An order for its page (`/checkout/pedido/{numero}` and under the account), with the QR code of its Pix
 * while it waits to be paid; undefined when this visitor may not see it (the page answers 404).
 */
export async function orderForPage(
  client: Client,
  numero: string | undefined,
): Promise<{ pedido: Pedido; qrSvg?: string | undefined } | undefined> {
  if (!isOrderNumber(numero)) return undefined;
  try {
    const pedido = await getOrder(client, numero);
    const code = pedido.pagamento.copiaECola;
    return { pedido, qrSvg: code ? await pixQrSvg(code) : undefined };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
