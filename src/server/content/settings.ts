import { eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';

export type StoreSettings = typeof STORE_SETTINGS;

/** The site configuration: the stored row wins, so an operator can change it without a deploy. */
export async function loadSettings(db: Db): Promise<StoreSettings> {
  const [row] = await db.select().from(t.settings).where(eq(t.settings.key, 'configuracoes'));
  const stored = row?.value as StoreSettings | undefined;
  if (!stored) return STORE_SETTINGS;
  // A row written before a setting existed takes that setting's default (the Pix fields came later).
  const pagamentos = stored.pagamentos as Partial<StoreSettings['pagamentos']> | undefined;
  return {
    ...stored,
    pagamentos: {
      ...STORE_SETTINGS.pagamentos,
      ...pagamentos,
      pix: { ...STORE_SETTINGS.pagamentos.pix, ...pagamentos?.pix },
      cartao: { ...STORE_SETTINGS.pagamentos.cartao, ...pagamentos?.cartao },
    },
  };
}
