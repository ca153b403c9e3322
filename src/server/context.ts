import type { Papel } from '#/contract/staff.ts';
import type { Actor } from './staff/audit.ts';
import type { MemberRow } from './staff/members.ts';
import type { CepProvider } from './addresses/cep.ts';
import type { Db } from './db/client.ts';
import type { DatabaseHealth } from './db/health.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MailQueue } from './jobs/mail.ts';
import type { TellOrder } from './orders/notices.ts';
import type { Sweep } from './jobs/sweeps.ts';
import type { PaymentProvider } from './orders/payments.ts';
import type { PixApi } from './payments/pix-api/client.ts';
import type { MercadoPago } from './payments/mercadopago/client.ts';
import type { Limits } from './rate-limit.ts';
import type { InvoiceProvider } from './invoices/provider.ts';
import type { ShippingProvider } from './carriers/provider.ts';
import type { KeyClaim } from './idempotency.ts';
import type { Integrations } from './integrations/hub.ts';

/** What every platform route can reach: the database, config and the caller's session. */
export type PlatformConfig = {
  db: Db;
  /** Expected `App-Token` value. */
  appToken: string;
  /** Public origin for absolute URLs; when absent the request's own origin is used. */
  siteUrl?: string | undefined;
  /** Folder where rendered images are cached. */
  mediaDir: string;
  /** Rate-limit counters (shared by every instance when the store is shared). */
  limits: Limits;
  /** Whether the database answers: while it does not, every call is a 503 at once. */
  health: DatabaseHealth;
  /** E-mail to shoppers (SMTP, or an outbox folder; mail/mailer.ts). */
  mailer: Mailer;
  /** The store's Pix key (PIX_KEY); without it, the one in the store settings. */
  pixKey?: string | undefined;
  /** Bearer token of the staff API for automation (ADMIN_TOKEN); without it only back-office sessions open it. */
  adminToken?: string | undefined;
  /** Boleto and card (orders/payments.ts); none is built in, so by default the checkout offers Pix alone. */
  paymentProvider?: PaymentProvider | undefined;
  /**
   * A PSP's API Pix (PIX_API_URL): each Pix order gets its own charge, confirmed by the PSP's notice at
   * `/webhooks/pix/{webhookSecret}` or the minute sweep. Without it, the static BR Code the team confirms.
   */
  pix?: { api: PixApi; webhookSecret: string } | undefined;
  /** Mercado Pago (MERCADOPAGO_ACCESS_TOKEN): its notices at `/webhooks/mercadopago`; `paymentProvider` is built on it. */
  mercadoPago?: MercadoPago | undefined;
  /** The invoicing provider (FOCUSNFE_TOKEN: invoices/focusnfe); without it the store issues no NF-e. */
  invoiceProvider?: InvoiceProvider | undefined;
  /** The secret the invoicing provider's notices carry in `Authorization` (FOCUSNFE_WEBHOOK_SECRET). */
  invoiceWebhookSecret?: string | undefined;
  /** The shipping provider (MELHORENVIO_TOKEN: carriers/melhorenvio): labels and tracking from the order page. */
  shippingProvider?: ShippingProvider | undefined;
  /**
   * The providers as the environment and the panel set them now (integrations/hub.ts): when given, `mailer`,
   * `pix`, `mercadoPago`, `paymentProvider`, `invoiceProvider`, `invoiceWebhookSecret` and `shippingProvider`
   * are read from it on every use, so a change in /painel/integracoes is in force at once.
   */
  integrations?: Integrations | undefined;
  /** Street-level CEP lookup (CEP_PROVIDERS); without it, the embedded table alone. */
  cepProvider?: CepProvider | undefined;
  /** The key that signs session ids (same on every instance; see accounts/sessions.ts). */
  sessionKey: () => Promise<string>;
  /**
   * The job queue (jobs/): the e-mail queue ("Reenviar"), orders' notices (a job written in the change's
   * transaction) and the sweeps it runs; absent when not started.
   */
  jobs?: { mail: MailQueue; tellOrder: TellOrder; sweeps: readonly Sweep[] } | undefined;
};

export type PlatformEnv = {
  Variables: {
    config: PlatformConfig;
    session: string;
    /** The key that signs session ids, read once by the session middleware. */
    sessionKey: string;
    /** Origin used for every absolute URL of this answer. */
    origin: string;
    /** Who is acting on the staff API (set by its authentication), for the record of changes. */
    actor: Actor;
    /** Their role (the automation token counts as an owner). */
    papel: Papel;
    /** The team member behind a back-office session (absent for the automation token). */
    member: MemberRow | undefined;
    /** The mutation's `Idempotency-Key` (idempotency.ts), for its change to claim in its transaction. */
    keyClaim: KeyClaim | undefined;
  };
};

/**
 * The visitor's address, set by the store's entry (src/fetch.ts) on every call it hands over:
 * from the connection, or from X-Forwarded-For when Astro trusts the proxy. Rate limits key on it.
 */
export const CLIENT_HEADER = 'X-Loja-Cliente';
