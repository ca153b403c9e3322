// One concern: the store's opening hours and social networks as the team edits them (contract/contact.ts),
// kept in the settings row; the example's profiles (another company's) are refused.
import { sql } from 'drizzle-orm';
import { SOCIAL_KEYS, SOCIAL_NETWORKS } from '#/contract/contact.ts';
import type { Contact, ContactAnswer, SocialNetwork } from '#/contract/contact.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { invalidFields } from '#/server/errors.ts';
import { historyOf } from './audit.ts';

/** The seed's profiles: the example company's, never a real store's. */
const EXAMPLE_PROFILES = new Set(STORE_SETTINGS.redesSociais.map((r) => r.url.toLowerCase()));

/** The network a stored profile belongs to, by its address (or by the name it was stored with). */
const networkOf = (entry: { nome: string; url: string }): SocialNetwork | undefined => {
  const host = URL.parse(entry.url)?.hostname ?? '';
  return SOCIAL_KEYS.find(
    (k) => SOCIAL_NETWORKS[k].host.test(host) || SOCIAL_NETWORKS[k].nome === entry.nome,
  );
};

const formOf = (settings: StoreSettings): Contact => {
  const redes = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, ''])) as Record<SocialNetwork, string>;
  for (const entry of settings.redesSociais) {
    const network = networkOf(entry);
    if (network) redes[network] = entry.url;
  }
  return { horarios: settings.dadosSite.horarioAtendimento, redes };
};

/** The profiles still the example's: shown until changed, refused when saved. */
export const exampleProfiles = (settings: StoreSettings): string[] =>
  settings.redesSociais.filter((r) => EXAMPLE_PROFILES.has(r.url.toLowerCase())).map((r) => r.nome);

export async function readContact(db: Db): Promise<ContactAnswer> {
  const [settings, historico] = await Promise.all([
    loadSettings(db),
    historyOf(db, [{ entity: 'configuracao', ids: ['contato'] }], 20),
  ]);
  return { ...formOf(settings), historico };
}

/** What the trail keeps: the hours and the profiles, as lines. */
const recordOf = (c: Contact) => ({
  horarios: c.horarios.map((h) => `${h.dias}: ${h.horario}`).join(' · '),
  ...Object.fromEntries(SOCIAL_KEYS.map((k) => [k, c.redes[k]])),
});

/** Save the hours and profiles into the settings (one change of them at a time). */
export async function saveContact(tx: Db, input: Contact) {
  const examples: Record<string, string> = {};
  for (const k of SOCIAL_KEYS)
    if (EXAMPLE_PROFILES.has(input.redes[k].toLowerCase()))
      examples[`redes.${k}`] =
        `Este é o ${SOCIAL_NETWORKS[k].nome} da loja de exemplo da instalação: informe o da sua loja ou deixe em branco.`;
  if (Object.keys(examples).length > 0) throw invalidFields(examples);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:configuracoes'))`);
  const settings = await loadSettings(tx);
  const next: StoreSettings = {
    ...settings,
    redesSociais: SOCIAL_KEYS.filter((k) => input.redes[k] !== '').map((k) => ({
      nome: SOCIAL_NETWORKS[k].nome,
      url: input.redes[k],
    })),
    dadosSite: { ...settings.dadosSite, horarioAtendimento: input.horarios },
  };
  await tx
    .insert(t.settings)
    .values({ key: 'configuracoes', value: next })
    .onConflictDoUpdate({ target: t.settings.key, set: { value: next } });
  const [before, after] = [recordOf(formOf(settings)), recordOf(formOf(next))];
  return JSON.stringify(before) === JSON.stringify(after) ? undefined : { before, after };
}
