// One concern: what the panel is told of each provider (contract/integrations.ts): never a secret's value.
import { INTEGRATION_IDS, INTEGRATIONS, fieldsOf } from '#/contract/integrations.ts';
import type { IntegrationState } from '#/contract/integrations.ts';
import type { Db } from '#/server/db/client.ts';
import type { Integrations } from './hub.ts';
import { readKept } from './stored.ts';

export async function listIntegrations(
  db: Db,
  key: string,
  integrations: Integrations,
): Promise<IntegrationState[]> {
  const kept = await readKept(db, key);
  return INTEGRATION_IDS.map((id) => {
    const entry = kept.get(id);
    const state = integrations.state(id);
    return {
      id,
      nome: INTEGRATIONS[id].nome,
      papel: INTEGRATIONS[id].papel,
      ligada: state.ligada,
      origem: state.origem,
      ...(state.problema ? { problema: state.problema } : {}),
      campos: Object.entries(fieldsOf(id)).map(([nome, spec]) => {
        const value = entry?.values[nome] ?? '';
        return {
          nome,
          ...spec,
          valor: spec.segredo ? '' : value,
          guardado: value !== '',
        };
      }),
      ...(entry?.test
        ? { teste: { em: entry.test.at.toISOString(), ok: entry.test.ok, mensagem: entry.test.message } }
        : {}),
    };
  });
}
