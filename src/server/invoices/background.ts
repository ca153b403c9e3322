// One concern: the invoices' minute round in the background (one instance at a time).
import { errorCode } from '#/server/db/health.ts';
import { takeLease } from '#/server/payments/sweep.ts';
import { invoiceSettings } from '#/server/staff/store-config.ts';
import type { InvoiceContext } from './invoices.ts';
import { sweepInvoices } from './sweep.ts';

export const INVOICE_SWEEP_EVERY_MS = 60_000;

/**
 * Read NF-e still processing and issue those due at payment, every minute, while a provider is set (the
 * panel may set one meanwhile); a failed round waits for the next.
 */
export function sweepInvoicesInBackground(of: () => InvoiceContext | undefined): () => void {
  const timer = setInterval(() => {
    void (async () => {
      const ctx = of();
      if (!ctx?.provider) return;
      if (!(await takeLease(ctx.db, 'nfe-sweep', INVOICE_SWEEP_EVERY_MS - 5000))) return;
      const report = await sweepInvoices(ctx, (await invoiceSettings(ctx.db)).automaticSince);
      if (report.issued || report.read) console.log(`[nfe] sweep: ${JSON.stringify(report)}`);
    })().catch((error: unknown) => {
      console.error(`[nfe] sweep skipped (${errorCode(error)}); trying again next minute`);
    });
  }, INVOICE_SWEEP_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
