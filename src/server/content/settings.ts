import { eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';

export type StoreSettings = typeof STORE_SETTINGS;

/** The key the seed writes into `pagamentos.pix.chave`: a made-up CNPJ, never a real account's. */
export const SEED_PIX_KEY = STORE_SETTINGS.pagamentos.pix.chave;

/** The site configuration: the stored row wins, so an operator can change it without a deploy. */
export async function loadSettings(db: Db): Promise<StoreSettings> {
  const [row] = await db.select().from(t.settings).where(eq(t.settings.key, 'configuracoes'));
  const stored = row?.value as StoreSettings | undefined;
  if (!stored) return STORE_SETTINGS;
  // A row written before a setting existed takes that setting's default (the Pix fields came later).
  const pagamentos = stored.pagamentos as Partial<StoreSettings['pagamentos']> | undefined;
  return {
    ...stored,
    // A row written before the owner could send a logo: the installation's.
    logoTamanho: stored.logoTamanho ?? STORE_SETTINGS.logoTamanho,
    favicon: stored.favicon ?? STORE_SETTINGS.favicon,
    // The sender's address is the store's own: a row saved before it existed has none (never the seed's).
    dadosSite: { ...STORE_SETTINGS.dadosSite, remessa: undefined, ...stored.dadosSite },
    pagamentos: {
      ...STORE_SETTINGS.pagamentos,
      ...pagamentos,
      pix: { ...STORE_SETTINGS.pagamentos.pix, ...pagamentos?.pix },
      cartao: { ...STORE_SETTINGS.pagamentos.cartao, ...pagamentos?.cartao },
    },
  };
}

/**
 * The logo the storefront shows: the installation's drawing spells the seed's name, so a store renamed
 * without a logo of its own shows its name instead (an empty `logo`).
 */
export function logoInForce(settings: StoreSettings): string {
  const seedDrawing = settings.logo === STORE_SETTINGS.logo;
  return seedDrawing && settings.nomeLoja !== STORE_SETTINGS.nomeLoja ? '' : settings.logo;
}

/** What the environment says over the stored settings: the Pix key (PIX_KEY), and where the store is served. */
export type SettingsEnv = { pixKey?: string | undefined; siteUrl?: string | undefined };

/**
 * Why the store must not take Pix, or undefined: a store whose key is still the seed's example would have
 * buyers pay into an account that is not the store's, so no Pix is offered until the owner gives theirs.
 */
export function pixRefusal(key: string): string | undefined {
  if (key !== SEED_PIX_KEY) return undefined;
  return 'O Pix está desligado: a chave Pix ainda é a de exemplo da instalação. Informe a chave da loja em Configurações (ou em PIX_KEY).';
}

/** The settings the store works by: the stored ones, the Pix key PIX_KEY fixes, Pix off while its key is the seed's example. */
export async function settingsInForce(db: Db, env: SettingsEnv): Promise<StoreSettings> {
  const stored = await loadSettings(db);
  const pix = stored.pagamentos.pix;
  const chave = env.pixKey ?? pix.chave;
  const ativo = pix.ativo && pixRefusal(chave) === undefined;
  return { ...stored, pagamentos: { ...stored.pagamentos, pix: { ...pix, chave, ativo } } };
}
