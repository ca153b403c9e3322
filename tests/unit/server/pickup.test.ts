import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { pickupListSchema } from '#/contract/pickup.ts';
import { shippingSchema } from '#/contract/shipping.ts';
import { json } from './buyers.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The owner's pickup points: none in a new store, added, changed and removed, offered by the checkout. */

let store: TestPlatform;
let owner: { token: string };
let orders: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  owner = await member('dona@retirada.test', 'dono');
  orders = await member('pedidos@retirada.test', 'pedidos');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const points = async () => {
  const res = await admin('/pickup-points', { headers: as(owner.token) });
  expect(res.status).toBe(200);
  return pickupListSchema.parse(await res.json()).pontos;
};
const send = (method: string, path: string, body?: unknown, token = owner.token) =>
  admin(`/pickup-points${path}`, { method, body, headers: as(token) });
const quote = async () => {
  const res = await store.request('/v2/front/shipment/product', {
    method: 'POST',
    ...json({ cep: '13035-000', idProduto: 1, quantidade: 1 }, { Session: newSession() }),
  });
  return shippingSchema.parse(await res.json()).fretes.filter((f) => f.tipo === 'retirada');
};

const CENTRO = {
  nome: 'Loja Centro',
  endereco: 'Rua Barão de Jaguara, 900 – Centro, Campinas – SP',
  horario: 'Seg a sex, 9h às 18h',
  prazoDias: 0,
};

describe('pickup points', () => {
  test('only owners see or change them', async () => {
    expect((await send('GET', '', undefined, orders.token)).status).toBe(403);
    expect((await send('POST', '', CENTRO, orders.token)).status).toBe(403);
    expect((await admin('/pickup-points')).status).toBe(401);
  });

  test('a new store has none, and the checkout offers only delivery', async () => {
    expect(await points()).toEqual([]);
    expect(await quote()).toEqual([]);
  });

  test('bad input is refused field by field and changes nothing; nonsense is a 4xx', async () => {
    const res = await send('POST', '', {
      nome: 'L',
      endereco: 'Rua',
      horario: 'x'.repeat(121),
      prazoDias: -1,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { erros: Record<string, string> };
    expect(Object.keys(body.erros).sort()).toEqual(['endereco', 'horario', 'nome', 'prazoDias']);
    expect(body.erros['prazoDias']).toBe('Informe em dias úteis, de 0 a 30.');
    for (const nonsense of [null, [], 'texto', { ...CENTRO, prazoDias: 1.5 }, { ...CENTRO, nome: 7 }])
      expect((await send('POST', '', nonsense)).status).toBe(400);
    for (const id of ['abc', '99', '-1', '1e3']) {
      expect((await send('PUT', `/${id}`, CENTRO)).status).toBe(404);
      expect((await send('DELETE', `/${id}`)).status).toBe(404);
    }
    expect(await points()).toEqual([]);
  });

  test('added, changed and removed: the checkout follows, the trail keeps each change', async () => {
    const created = await send('POST', '', CENTRO);
    expect(created.status).toBe(201);
    const [centro] = pickupListSchema.parse(await created.json()).pontos;
    expect(centro).toEqual({ ...CENTRO, id: 1 });
    await send('POST', '', { ...CENTRO, nome: 'Depósito Jundiaí', horario: '', prazoDias: 3 });
    expect(await quote()).toEqual([
      expect.objectContaining({
        id: 'retirada-1',
        label: 'Retirar em Loja Centro',
        valor: 0,
        prazo: 'pronto no mesmo dia',
        dias: 0,
        endereco: 'Rua Barão de Jaguara, 900 – Centro, Campinas – SP (Seg a sex, 9h às 18h)',
      }),
      expect.objectContaining({ id: 'retirada-2', prazo: 'até 3 dias úteis', endereco: CENTRO.endereco }),
    ]);

    expect((await send('PUT', '/1', { ...CENTRO, horario: 'Seg a sáb, 8h às 20h' })).status).toBe(200);
    expect((await quote())[0]?.endereco).toContain('Seg a sáb, 8h às 20h');
    expect((await send('DELETE', '/1')).status).toBe(200);
    expect((await points()).map((p) => p.nome)).toEqual(['Depósito Jundiaí']);
    // A new point follows the highest id (an order keeps its point's name and address as they were).
    await send('POST', '', { ...CENTRO, nome: 'Loja Norte' });
    expect((await points()).map((p) => p.id)).toEqual([2, 3]);

    const trail = activityListSchema.parse(
      await (await admin('/activity?entidade=retirada', { headers: as(owner.token) })).json(),
    );
    expect(trail.atividades.map((a) => a.acaoNome)).toEqual([
      'Ponto de retirada criado',
      'Ponto de retirada removido',
      'Ponto de retirada alterado',
      'Ponto de retirada criado',
      'Ponto de retirada criado',
    ]);
    expect(trail.atividades[2]?.mudancas).toEqual([
      { campo: 'Horário', antes: 'Seg a sex, 9h às 18h', depois: 'Seg a sáb, 8h às 20h' },
    ]);
  });
});
