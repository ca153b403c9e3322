// One concern: the FOCUSNFE_* settings, read once at start, into the invoicing provider.
import type { InvoiceProvider } from '#/server/invoices/provider.ts';
import { createFocusNfe } from './client.ts';

export type FocusNfeSettings = {
  token?: string | undefined;
  apiUrl?: string | undefined;
  /** What the provider's webhook sends in `Authorization` (set when the webhook is created at Focus NFe). */
  webhookSecret?: string | undefined;
  timeoutMs?: number | undefined;
};

/** The provider, or `undefined` without FOCUSNFE_TOKEN (the store issues no NF-e; an ERP's XML may be attached). */
export function focusNfeFromSettings(
  settings: FocusNfeSettings,
): { provider: InvoiceProvider; webhookSecret: string | undefined } | undefined {
  if (!settings.token) return undefined;
  return {
    provider: createFocusNfe({
      token: settings.token,
      apiUrl: settings.apiUrl,
      timeoutMs: settings.timeoutMs,
    }),
    webhookSecret: settings.webhookSecret,
  };
}
