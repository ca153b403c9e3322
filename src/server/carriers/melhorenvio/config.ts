// One concern: the MELHORENVIO_* settings, read once at start, into the shipping provider.
import { eq, sql } from 'drizzle-orm';
import type { ShippingProvider } from '#/server/carriers/provider.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { createMelhorEnvio } from './client.ts';
import type { TokenStore } from './client.ts';

export type MelhorEnvioSettings = {
  token?: string | undefined;
  apiUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  refreshToken?: string | undefined;
  timeoutMs?: number | undefined;
};

/** The settings row the renewed tokens live in (never served to the storefront). */
const TOKENS_KEY = 'melhorenvio-tokens';

/** The tokens renewed last, shared by every instance; the environment's until the first renewal. */
function tokenStore(db: Db): TokenStore {
  return {
    read: async () => {
      const [row] = await db.select().from(t.settings).where(eq(t.settings.key, TOKENS_KEY));
      return row?.value as { access: string; refresh: string } | undefined;
    },
    write: async (tokens) => {
      await db
        .insert(t.settings)
        .values({ key: TOKENS_KEY, value: tokens })
        .onConflictDoUpdate({ target: t.settings.key, set: { value: sql`excluded.value` } });
    },
  };
}

/** The provider, or `undefined` without MELHORENVIO_TOKEN (labels are bought elsewhere; tracking typed by hand). */
export function melhorEnvioFromSettings(db: Db, settings: MelhorEnvioSettings): ShippingProvider | undefined {
  if (!settings.token) return undefined;
  return createMelhorEnvio({
    token: settings.token,
    apiUrl: settings.apiUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    refreshToken: settings.refreshToken,
    tokens: tokenStore(db),
    timeoutMs: settings.timeoutMs,
    // The API asks each request to name the application and a technical contact.
    userAgent: async () => {
      const store = await loadSettings(db);
      return `${store.nomeLoja} (${store.emailContato.email})`;
    },
  });
}
