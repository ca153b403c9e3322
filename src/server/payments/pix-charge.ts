// One concern: the dynamic Pix of a new order: its txid, and the charge the PSP makes of it (`PUT /cob`).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notePayment, reais, toValor } from './events.ts';
import type { PixApi } from './pix-api/client.ts';
import type { CobSolicitada } from './pix-api/spec.ts';

/** The provider name orders charged through the API Pix carry (`orders.provider`). */
export const PIX_API = 'pix-api';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A txid of the store's own making: 32 letters and digits (the API Pix asks 26 to 35), the order number
 * first so a statement line points at its order, then random ones so no txid is ever made twice, even by
 * two stores on one PSP account or a database restored from a backup.
 */
export function newTxid(number: number): string {
  const head = `LJ${String(number)}P`;
  const bytes = randomBytes(32 - head.length);
  return head + Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

/** Who pays, as the charge names them: a CPF or CNPJ with the name, or nobody when the document is odd. */
function devedor(buyer: { nome: string; documento: string }): CobSolicitada['devedor'] {
  const digits = buyer.documento.replace(/\D/g, '');
  const nome = buyer.nome.trim().slice(0, 200);
  if (!nome) return undefined;
  if (digits.length === 11) return { cpf: digits, nome };
  if (digits.length === 14) return { cnpj: digits, nome };
  return undefined;
}

/**
 * Ask the PSP for the order's charge, payable until the order expires, and keep its "copia e cola" as the
 * order's Pix. A failure (the PSP slow, down or refusing) throws: the caller cancels the order.
 */
export async function openPixCharge(
  db: Db,
  api: PixApi,
  order: { number: number; txid: string; total: number; expiresAt: Date },
  buyer: { nome: string; documento: string },
): Promise<void> {
  const seconds = Math.max(60, Math.floor((order.expiresAt.getTime() - Date.now()) / 1000));
  const payer = devedor(buyer);
  const cob = await api.createCharge(order.txid, {
    calendario: { expiracao: seconds },
    ...(payer ? { devedor: payer } : {}),
    valor: { original: toValor(order.total) },
    chave: api.pixKey,
    solicitacaoPagador: `Pedido ${String(order.number)}`,
  });
  if (!cob.pixCopiaECola) throw new Error('the PSP answered a charge without pixCopiaECola');
  await db.update(t.orders).set({ pixPayload: cob.pixCopiaECola }).where(eq(t.orders.number, order.number));
  await notePayment(
    db,
    order.number,
    `Cobrança Pix criada no PSP: ${reais(order.total)}, válida por ${String(Math.round(seconds / 60))} min`,
  );
}
