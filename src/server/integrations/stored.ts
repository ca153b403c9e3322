// One concern: the providers' settings the owner keeps in the panel (the integrations table): checked field by
// field, secrets sealed with the store's key (as the second factor's are) and never given back.
import { eq, sql } from 'drizzle-orm';
import { INTEGRATION_TEXT_MAX, fieldsOf } from '#/contract/integrations.ts';
import type { IntegrationField, IntegrationId, IntegrationSave } from '#/contract/integrations.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { invalidFields } from '#/server/errors.ts';
import { openSecret, sealSecret } from '#/server/staff/second-factor.ts';

/** One provider as kept: every field's value (secrets opened), and whether the sealed part opened. */
export type Kept = {
  values: Record<string, string>;
  /** The secrets were sealed with another key (SESSION_SECRET changed): they must be given again. */
  unopened: boolean;
  test: { at: Date; ok: boolean; message: string } | undefined;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a value cannot be this field's, or undefined. */
function refusal(id: IntegrationId, name: string, spec: IntegrationField, value: string): string | undefined {
  if (spec.tipo === 'pem')
    return /-----BEGIN [A-Z0-9 ]+-----[\s\S]+-----END [A-Z0-9 ]+-----/.test(value)
      ? undefined
      : 'Envie o arquivo PEM (texto que começa com -----BEGIN).';
  if (value.length > INTEGRATION_TEXT_MAX) return 'Valor longo demais.';
  if (/[\u0000-\u001f]/.test(value)) return 'Use uma só linha, sem caracteres de controle.';
  if (spec.tipo !== 'endereco') return undefined;
  const url = URL.parse(value);
  if (id === 'smtp' && name === 'url')
    return url && (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname
      ? undefined
      : 'Use um endereço smtp:// ou smtps://, como smtps://usuario:senha@smtp.seuprovedor.com.br:465.';
  // A provider's API is https; plain http only on this machine (a test double or a local proxy).
  if (url?.protocol === 'https:' && url.hostname) return undefined;
  if (url?.protocol === 'http:' && LOOPBACK.has(url.hostname)) return undefined;
  return 'Use um endereço https://.';
}

export async function readKept(db: Db, key: string): Promise<Map<IntegrationId, Kept>> {
  const rows = await db.select().from(t.integrations);
  const kept = new Map<IntegrationId, Kept>();
  for (const row of rows) {
    const id = row.provider as IntegrationId;
    let secrets: Record<string, string> = {};
    let unopened = false;
    if (row.sealed) {
      const opened = openSecret(key, row.sealed);
      if (opened) secrets = JSON.parse(opened) as Record<string, string>;
      else unopened = true;
    }
    kept.set(id, {
      values: { ...row.fields, ...secrets },
      unopened,
      test:
        row.testedAt && row.testOk !== null
          ? { at: row.testedAt, ok: row.testOk, message: row.testMessage ?? '' }
          : undefined,
    });
  }
  return kept;
}

/** What the trail keeps of a provider's settings: plain fields as they are, secrets as whether one is kept. */
export const recordOf = (id: IntegrationId, values: Record<string, string>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(fieldsOf(id)).map(([name, spec]) => [
      name,
      spec.segredo ? (values[name] ? 'guardado' : '') : (values[name] ?? ''),
    ]),
  );

/**
 * Keep a provider's settings from the panel: each field checked under its name, a secret left empty keeps
 * the one kept. Every required field must then have a value, so a saved provider is whole.
 */
export async function saveKept(
  tx: Db,
  key: string,
  id: IntegrationId,
  input: IntegrationSave,
): Promise<{ before: Record<string, unknown> | null; after: Record<string, unknown> }> {
  // Two saves at once would each keep the other's secrets as they read them: one at a time.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:integracoes'))`);
  const before = (await readKept(tx, key)).get(id);
  const fields = fieldsOf(id);
  const values: Record<string, string> = {};
  const erros: Record<string, string> = {};
  for (const [name, spec] of Object.entries(fields)) {
    const given = (input.campos[name] ?? '').trim();
    const erase = input.apagar.includes(name) && !spec.obrigatorio;
    const value = erase
      ? ''
      : given || (spec.segredo && !before?.unopened ? (before?.values[name] ?? '') : '');
    if (given && !erase) {
      const why = refusal(id, name, spec, given);
      if (why) erros[`campos.${name}`] = why;
    }
    if (!value && spec.obrigatorio && !erros[`campos.${name}`])
      erros[`campos.${name}`] =
        spec.segredo && before?.unopened
          ? 'Informe de novo (o valor guardado não abre mais).'
          : 'Preencha este campo.';
    if (value) values[name] = value;
  }
  if (Object.keys(erros).length > 0) throw invalidFields(erros);
  const plain = Object.fromEntries(Object.entries(values).filter(([name]) => !fields[name]?.segredo));
  const secrets = Object.fromEntries(Object.entries(values).filter(([name]) => fields[name]?.segredo));
  const sealed = Object.keys(secrets).length > 0 ? sealSecret(key, JSON.stringify(secrets)) : '';
  // New settings have not been tested yet: the last test spoke of the old ones.
  const row = {
    fields: plain,
    sealed,
    testedAt: null,
    testOk: null,
    testMessage: null,
    updatedAt: new Date(),
  };
  await tx
    .insert(t.integrations)
    .values({ provider: id, ...row })
    .onConflictDoUpdate({ target: t.integrations.provider, set: row });
  return { before: before ? recordOf(id, before.values) : null, after: recordOf(id, values) };
}

/** Forget the panel's settings of a provider (it is then off, unless the environment sets it). */
export async function removeKept(
  tx: Db,
  key: string,
  id: IntegrationId,
): Promise<{ before: Record<string, unknown>; after: null } | undefined> {
  const before = (await readKept(tx, key)).get(id);
  if (!before) return undefined;
  await tx.delete(t.integrations).where(eq(t.integrations.provider, id));
  return { before: recordOf(id, before.values), after: null };
}

/** Keep the outcome of a "Testar conexão" of the panel's settings. */
export async function keepTest(db: Db, id: IntegrationId, ok: boolean, message: string): Promise<void> {
  await db
    .update(t.integrations)
    .set({ testedAt: new Date(), testOk: ok, testMessage: message })
    .where(eq(t.integrations.provider, id));
}
