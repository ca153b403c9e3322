import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityExportSchema, activityListSchema } from '#/contract/activity.ts';
import * as t from '#/server/db/schema.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The activity on the panel's list shape: by who, part of an id and days (Brasília), and its export. */

let store: TestPlatform;
let owner: { id: number; token: string };
beforeAll(async () => {
  store = await startPlatform(4);
  owner = await member('dono@loja.test', 'dono');
  const change = (actor: string, entity: string, entityId: string, at: string) => ({
    actor,
    action: `${entity}.alterar`,
    entity,
    entityId,
    before: { ativo: true },
    after: { ativo: false },
    at: new Date(at),
  });
  await store.database.db.insert(t.auditLog).values([
    // 23:30 in Brasília on the 1st is 02:30 UTC on the 2nd: it belongs to the 1st.
    change(`equipe:${String(owner.id)}`, 'cupom', 'NATAL15', '2026-10-02T02:30:00Z'),
    change('token', 'pedido', '1001', '2026-10-02T12:00:00Z'),
    change('token', 'pedido', '10010', '2026-10-03T12:00:00Z'),
  ]);
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const list = async (query: string) => {
  const res = await admin(`/activity${query}`, { headers: as(owner.token) });
  expect(res.status, query).toBe(200);
  return activityListSchema.parse(await res.json()).atividades.map((a) => a.idEntidade);
};

describe('the activity, filtered', () => {
  test('by who, part of an id, and days as Brasília counts them', async () => {
    expect(await list(`?autor=equipe:${String(owner.id)}&entidade=cupom`)).toEqual(['NATAL15']);
    expect(await list('?autor=token')).toEqual(['10010', '1001']);
    expect(await list('?q=1001')).toEqual(['10010', '1001']);
    expect(await list('?q=natal')).toEqual(['NATAL15']);
    expect(await list('?de=2026-10-01&ate=2026-10-01')).toEqual(['NATAL15']);
    expect(await list('?de=2026-10-02&ate=2026-10-02')).toEqual(['1001']);
    expect(await list('?q=100%25')).toEqual([]);
  });

  test('the export carries every change under the filters', async () => {
    const res = await admin('/activity/export?autor=token', { headers: as(owner.token) });
    const { atividades, truncado } = activityExportSchema.parse(await res.json());
    expect(atividades.map((a) => a.idEntidade)).toEqual(['10010', '1001']);
    expect(truncado).toBe(false);
    expect(atividades[0]?.mudancas).toEqual([{ campo: 'Ativo', antes: 'Sim', depois: 'Não' }]);
  });

  test('a bad filter is a Portuguese 400', async () => {
    for (const bad of ['?autor=cliente', '?de=ontem', `?q=${'x'.repeat(101)}`, '?entidade=nada']) {
      const res = await admin(`/activity${bad}`, { headers: as(owner.token) });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { mensagem: string }).mensagem).toMatch(/[a-zç]/);
    }
  });
});
