// One concern: the providers the store works with now, built from the environment (which wins, whole, for a
// provider whose main variable is set) or from the panel's settings (stored.ts), and built again on every
// instance within a second of a change in the panel (the integrations and settings tables notify).
import type { IntegrationId } from '#/contract/integrations.ts';
import { INTEGRATION_IDS } from '#/contract/integrations.ts';
import { melhorEnvioFromSettings } from '#/server/carriers/melhorenvio/config.ts';
import type { MelhorEnvioSettings } from '#/server/carriers/melhorenvio/config.ts';
import type { ShippingProvider } from '#/server/carriers/provider.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import { focusNfeFromSettings } from '#/server/invoices/focusnfe/config.ts';
import type { FocusNfeSettings } from '#/server/invoices/focusnfe/config.ts';
import type { InvoiceProvider } from '#/server/invoices/provider.ts';
import { createMailer } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import type { PaymentProvider } from '#/server/orders/payments.ts';
import type { MercadoPago } from '#/server/payments/mercadopago/client.ts';
import { mercadoPagoFromSettings } from '#/server/payments/mercadopago/config.ts';
import type { MercadoPagoSettings } from '#/server/payments/mercadopago/config.ts';
import type { PixApi } from '#/server/payments/pix-api/client.ts';
import { pixFromSettings, registerPixWebhook } from '#/server/payments/pix-api/config.ts';
import type { PixSettings } from '#/server/payments/pix-api/config.ts';
import { readKept } from './stored.ts';

/** The providers' settings as the environment gives them (SMTP_URL, PIX_*, MERCADOPAGO_*, FOCUSNFE_*, MELHORENVIO_*). */
export type EnvIntegrations = {
  mail?:
    { smtpUrl?: string | undefined; from?: string | undefined; outboxDir?: string | undefined } | undefined;
  /** PIX_KEY; unset = the store settings' key. */
  pixKey?: string | undefined;
  pix?: Omit<PixSettings, 'pixKey'> | undefined;
  mercadoPago?: MercadoPagoSettings | undefined;
  focusNfe?: FocusNfeSettings | undefined;
  melhorEnvio?: MelhorEnvioSettings | undefined;
};

export type LiveProviders = {
  mailer: Mailer;
  pix?: { api: PixApi; webhookSecret: string } | undefined;
  mercadoPago?: { mp: MercadoPago; provider: PaymentProvider } | undefined;
  invoicing?: { provider: InvoiceProvider; webhookSecret: string | undefined } | undefined;
  shipping?: ShippingProvider | undefined;
};

export type IntegrationSource = 'ambiente' | 'painel' | 'nenhuma';

/** What is said of a provider: where its settings come from, whether it works, and why not. */
export type ProviderState = { origem: IntegrationSource; ligada: boolean; problema?: string | undefined };

export type Integrations = {
  /** The e-mail of the store: always the one in force now (SMTP, or the outbox). */
  mailer: Mailer;
  current: () => LiveProviders;
  state: (id: IntegrationId) => ProviderState;
  /** Build again what the panel's settings changed (a change notice, or after a save on this instance). */
  refresh: () => Promise<void>;
  close: () => Promise<void>;
};

/** The sender's address without MAIL_FROM; its name is the store's (the settings'). */
const DEFAULT_MAIL_FROM = 'loja@localhost';
/** An old Pix client is closed this long after it was replaced (calls under way finish on it). */
const CLOSE_AFTER_MS = 30_000;

/** The environment's main variable of each provider: set, the environment's settings are the provider's. */
const fromEnv = (env: EnvIntegrations): Record<IntegrationId, boolean> => ({
  smtp: Boolean(env.mail?.smtpUrl),
  pix: Boolean(env.pix?.apiUrl),
  mercadopago: Boolean(env.mercadoPago?.accessToken),
  focusnfe: Boolean(env.focusNfe?.token),
  melhorenvio: Boolean(env.melhorEnvio?.token),
});

const orUndefined = (value: string | undefined) => (value === '' ? undefined : value);

type Built = {
  live: LiveProviders;
  states: Map<IntegrationId, ProviderState>;
  prints: Map<IntegrationId, string>;
};

/**
 * Start the providers: the environment's as before (a half-set provider stops the start with the names of
 * what is missing), then the panel's for those the environment leaves unset (a panel's provider that cannot
 * be built is off, with the reason shown in the panel).
 */
export async function startIntegrations(options: {
  db: Db;
  env: EnvIntegrations;
  /** The key the panel's secrets are sealed with (the session key). */
  key: () => Promise<string>;
  /** SITE_URL: where the PSP is told to post its notices (only an https address). */
  siteUrl?: string | undefined;
  storeName: () => Promise<string>;
}): Promise<Integrations> {
  const { db, env } = options;
  const envSet = fromEnv(env);
  const mailerOf = (smtpUrl: string | undefined, from: string | undefined) =>
    createMailer({
      smtpUrl,
      from: from ?? DEFAULT_MAIL_FROM,
      db,
      outboxDir: env.mail?.outboxDir,
      storeName: options.storeName,
    });
  const envBuilt = {
    mailer: env.mail?.smtpUrl ? mailerOf(env.mail.smtpUrl, env.mail.from) : undefined,
    pix: await pixFromSettings({ ...env.pix, pixKey: env.pixKey }),
    mercadoPago: mercadoPagoFromSettings(env.mercadoPago ?? {}),
    invoicing: focusNfeFromSettings(env.focusNfe ?? {}),
    shipping: melhorEnvioFromSettings(db, env.melhorEnvio ?? {}),
  };
  if (envBuilt.pix) registerPixWebhook(envBuilt.pix, options.siteUrl);

  let built: Built = {
    live: { mailer: envBuilt.mailer ?? mailerOf(undefined, env.mail?.from) },
    states: new Map(),
    prints: new Map(),
  };

  /** Build the panel's providers again where their settings (or the Pix key) changed since the last build. */
  async function build(previous: Built): Promise<Built> {
    const key = await options.key();
    const kept = await readKept(db, key);
    const pixKey = env.pixKey ?? (await loadSettings(db)).pagamentos.pix.chave;
    const live: LiveProviders = { ...previous.live };
    const states = new Map<IntegrationId, ProviderState>();
    const prints = new Map<IntegrationId, string>();
    for (const id of INTEGRATION_IDS) {
      if (envSet[id]) {
        states.set(id, { origem: 'ambiente', ligada: true });
        continue;
      }
      const entry = kept.get(id);
      const values = entry?.values ?? {};
      const print = JSON.stringify([values, id === 'pix' ? pixKey : '']);
      prints.set(id, print);
      const unchanged = previous.prints.get(id) === print && previous.states.has(id);
      if (unchanged) {
        states.set(id, previous.states.get(id) as ProviderState);
        continue;
      }
      const origem: IntegrationSource = entry ? 'painel' : 'nenhuma';
      if (entry?.unopened) {
        states.set(id, {
          origem,
          ligada: false,
          problema:
            'Os segredos guardados não abrem com a chave atual da loja (SESSION_SECRET mudou?): informe-os de novo.',
        });
        clear(live, id, env);
        continue;
      }
      try {
        const on = await buildOne(id, values, pixKey, live);
        states.set(id, { origem, ligada: on });
        if (id === 'pix' && live.pix && live.pix !== previous.live.pix)
          registerPixWebhook(live.pix, options.siteUrl);
      } catch (error) {
        clear(live, id, env);
        states.set(id, {
          origem,
          ligada: false,
          problema: `Não foi possível ligar com estes dados: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
    // A Pix client replaced is closed once the calls made on it had time to end.
    const oldPix = previous.live.pix;
    if (oldPix && oldPix !== live.pix)
      setTimeout(() => void oldPix.api.close().catch(() => undefined), CLOSE_AFTER_MS).unref();
    return { live, states, prints };
  }

  /** Put the panel's provider `id` in `live` (or take it out): whether it is on. */
  async function buildOne(
    id: IntegrationId,
    v: Record<string, string>,
    pixKey: string,
    live: LiveProviders,
  ): Promise<boolean> {
    const has = Object.keys(v).length > 0;
    switch (id) {
      case 'smtp':
        live.mailer = mailerOf(has ? orUndefined(v.url) : undefined, orUndefined(v.from) ?? env.mail?.from);
        return Boolean(has && v.url);
      case 'pix':
        live.pix = has
          ? await pixFromSettings({
              apiUrl: v.apiUrl,
              tokenUrl: v.tokenUrl,
              clientId: v.clientId,
              clientSecret: v.clientSecret,
              clientCert: v.clientCert,
              clientKey: v.clientKey,
              ca: orUndefined(v.ca),
              pixKey: orUndefined(pixKey),
            })
          : undefined;
        return Boolean(live.pix);
      case 'mercadopago':
        live.mercadoPago = has
          ? mercadoPagoFromSettings({
              accessToken: v.accessToken,
              webhookSecret: v.webhookSecret,
              apiUrl: orUndefined(v.apiUrl),
            })
          : undefined;
        return Boolean(live.mercadoPago);
      case 'focusnfe':
        live.invoicing = has
          ? focusNfeFromSettings({
              token: v.token,
              apiUrl: orUndefined(v.apiUrl),
              webhookSecret: orUndefined(v.webhookSecret),
            })
          : undefined;
        return Boolean(live.invoicing);
      case 'melhorenvio':
        live.shipping = has
          ? melhorEnvioFromSettings(db, {
              token: v.token,
              apiUrl: orUndefined(v.apiUrl),
              clientId: orUndefined(v.clientId),
              clientSecret: orUndefined(v.clientSecret),
              refreshToken: orUndefined(v.refreshToken),
            })
          : undefined;
        return Boolean(live.shipping);
    }
  }

  function clear(live: LiveProviders, id: IntegrationId, e: EnvIntegrations): void {
    if (id === 'smtp') live.mailer = mailerOf(undefined, e.mail?.from);
    if (id === 'pix') live.pix = undefined;
    if (id === 'mercadopago') live.mercadoPago = undefined;
    if (id === 'focusnfe') live.invoicing = undefined;
    if (id === 'melhorenvio') live.shipping = undefined;
  }

  built.live = {
    ...built.live,
    pix: envBuilt.pix,
    mercadoPago: envBuilt.mercadoPago,
    invoicing: envBuilt.invoicing,
    shipping: envBuilt.shipping,
  };
  built = await build(built);

  // Refreshes run one after another; each reads the tables as they are when it starts.
  let queue: Promise<void> = Promise.resolve();
  const refresh = () => {
    queue = queue.then(async () => {
      try {
        built = await build(built);
      } catch (error) {
        console.error(`[integracoes] providers not rebuilt (${errorCode(error)}); the previous ones stay`);
      }
    });
    return queue;
  };

  const mailer: Mailer = {
    get delivers() {
      return built.live.mailer.delivers !== false;
    },
    send: (mail) => built.live.mailer.send(mail),
    resend: async (raw, to) => {
      const { resend } = built.live.mailer;
      if (!resend) throw new Error('the store has no SMTP to send through');
      await resend(raw, to);
    },
    verify: async () => {
      const { verify } = built.live.mailer;
      if (!verify) throw new Error('the store has no SMTP to test');
      await verify();
    },
  };

  return {
    mailer,
    current: () => built.live,
    state: (id) => built.states.get(id) ?? { origem: 'nenhuma', ligada: false },
    refresh,
    close: async () => {
      await queue;
      await built.live.pix?.api.close();
    },
  };
}
