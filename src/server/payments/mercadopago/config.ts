// One concern: the MERCADOPAGO_* settings, read once at start, into a client and the provider built on it.
import type { PaymentProvider } from '#/server/orders/payments.ts';
import { createMercadoPago } from './client.ts';
import type { MercadoPago } from './client.ts';
import { mercadoPagoProvider } from './provider.ts';

export type MercadoPagoSettings = {
  accessToken?: string | undefined;
  webhookSecret?: string | undefined;
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

/**
 * The client and the provider of card and boleto, or `undefined` without MERCADOPAGO_ACCESS_TOKEN (the
 * checkout takes Pix alone). A token without the webhook's secret stops the start: notices could not be
 * told from forgeries.
 */
export function mercadoPagoFromSettings(
  settings: MercadoPagoSettings,
): { mp: MercadoPago; provider: PaymentProvider } | undefined {
  if (!settings.accessToken) return undefined;
  if (!settings.webhookSecret)
    throw new Error(
      'MERCADOPAGO_ACCESS_TOKEN is set, but not MERCADOPAGO_WEBHOOK_SECRET: set both or neither',
    );
  const mp = createMercadoPago({
    accessToken: settings.accessToken,
    webhookSecret: settings.webhookSecret,
    apiUrl: settings.apiUrl,
    timeoutMs: settings.timeoutMs,
  });
  return { mp, provider: mercadoPagoProvider(mp, settings.apiUrl) };
}
