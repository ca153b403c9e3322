// One concern: an authorised NF-e amended on the team's word: cancelled within the legal window, or corrected
// by a correction letter, each only as the SEFAZ answers.
import { and, eq } from 'drizzle-orm';
import { CANCEL_WINDOW_HOURS } from '#/contract/invoices.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { ProviderError } from '#/server/payments/http.ts';
import { CANCEL_WINDOW_MS, conflict, invoiceRow, unreachable } from './invoices.ts';
import type { InvoiceContext } from './invoices.ts';
import type { InvoiceProvider } from './provider.ts';

/** Cancel the authorised NF-e within the legal window; the SEFAZ's refusal is a 409 with its words. */
export async function cancelInvoice(ctx: InvoiceContext, number: number, why: string): Promise<void> {
  const { db, provider } = ctx;
  const row = await invoiceRow(db, number);
  if (row?.status !== 'autorizada') throw conflict('Só uma NF-e autorizada pode ser cancelada.');
  const own = provider?.name === row.provider ? provider : undefined;
  if (!own) throw conflict('Esta NF-e foi emitida fora da loja: cancele-a no sistema que a emitiu.');
  if (!row.authorizedAt || Date.now() - row.authorizedAt.getTime() > CANCEL_WINDOW_MS)
    throw conflict(
      `O prazo de cancelamento (${String(CANCEL_WINDOW_HOURS)} horas depois da autorização) passou. Emita uma nota de devolução no seu ERP.`,
    );
  let said: { cancelled: boolean; reason: string };
  try {
    said = await own.cancel(String(number), why);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new PlatformError(503, 'invoice_provider', `${unreachable(error)} A NF-e continua autorizada.`);
  }
  if (!said.cancelled)
    throw conflict(`A SEFAZ não cancelou a NF-e: ${said.reason || 'sem motivo informado'}.`);
  await db
    .update(t.invoices)
    .set({ status: 'cancelada', reason: said.reason, updatedAt: new Date() })
    .where(and(eq(t.invoices.orderNumber, number), eq(t.invoices.status, 'autorizada')));
}

/** Send a correction letter for the authorised NF-e; the SEFAZ's refusal is a 409 with its words. */
export async function correctInvoice(ctx: InvoiceContext, number: number, text: string): Promise<number> {
  const { db, provider } = ctx;
  const row = await invoiceRow(db, number);
  if (row?.status !== 'autorizada') throw conflict('Só uma NF-e autorizada recebe carta de correção.');
  const own = provider?.name === row.provider ? provider : undefined;
  if (!own) throw conflict('Esta NF-e foi emitida fora da loja: corrija-a no sistema que a emitiu.');
  let said: Awaited<ReturnType<InvoiceProvider['correct']>>;
  try {
    said = await own.correct(String(number), text);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new PlatformError(503, 'invoice_provider', `${unreachable(error)} Nenhuma carta foi registrada.`);
  }
  if (!said.accepted) throw conflict(`A SEFAZ recusou a carta de correção: ${said.reason}.`);
  await db
    .update(t.invoices)
    .set({ correctionNumber: said.number, correctionPdfUrl: said.pdfUrl, updatedAt: new Date() })
    .where(eq(t.invoices.orderNumber, number));
  return said.number;
}
