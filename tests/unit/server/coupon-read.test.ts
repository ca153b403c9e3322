import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { cupomPublicoAnswerSchema } from '#/contract/coupon.ts';
import { CLIENT_HEADER } from '#/server/context.ts';
import * as t from '#/server/db/schema.ts';
import type { NewCoupon } from '#/server/promotions/coupons.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** `GET promotional/coupon/{code}`: what a marketing page prints of the coupons it advertises. */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform();
});
afterAll(() => store.stop());

async function addCoupon(row: NewCoupon) {
  await store.database.db.insert(t.coupons).values(row);
}

test('a page reads what it may print of a coupon (`GET`): its rules and where it stands now, never its uses', async () => {
  await addCoupon({
    code: 'NATAL26',
    description: 'Natal',
    kind: 'produtos-percentual',
    value: 5,
    startsAt: new Date(Date.now() + 86_400_000),
  });
  await addCoupon({
    code: 'VELHO',
    description: 'Antigo',
    kind: 'produtos-percentual',
    value: 5,
    endsAt: new Date('2020-01-31T23:59:00-03:00'),
  });
  await addCoupon({
    code: 'ESGOTOU',
    description: 'Acabou',
    kind: 'produtos-valor',
    value: 20,
    maxUses: 1,
  });
  await store.database.db.update(t.coupons).set({ used: 1 }).where(eq(t.coupons.code, 'ESGOTOU'));
  const read = async (code: string) => {
    const res = await store.request(`/v2/front/promotional/coupon/${code}`, {
      headers: { [CLIENT_HEADER]: '198.51.100.200' },
    });
    expect(res.status, code).toBe(200);
    const body = (await res.json()) as { cupom: Record<string, unknown> };
    expect(Object.keys(body.cupom)).not.toContain('usados');
    return cupomPublicoAnswerSchema.parse(body).cupom;
  };
  expect(await read('natal26')).toMatchObject({ codigo: 'NATAL26', situacao: 'agendado' });
  expect(await read('VELHO')).toMatchObject({ situacao: 'encerrado', fim: '2020-02-01T02:59:00.000Z' });
  expect((await read('ESGOTOU')).situacao).toBe('esgotado');
  // The seeded campaign runs from the day the store was seeded.
  const black = await read('BLACK10');
  expect(black).toMatchObject({ situacao: 'vigente', valorMinimo: 300, primeiraCompra: false, valor: 10 });
  expect(Date.parse(black.fim ?? '')).toBeGreaterThan(Date.now());
  expect((await read('BEMVINDO10')).primeiraCompra).toBe(true);
  await store.database.db.update(t.coupons).set({ active: false }).where(eq(t.coupons.code, 'ESGOTOU'));
  expect((await read('ESGOTOU')).situacao).toBe('desligado');

  const unknown = await store.request('/v2/front/promotional/coupon/NAOEXISTE');
  expect(unknown.status).toBe(404);
  expect(errorSchema.parse(await unknown.json()).mensagem).toContain('NAOEXISTE');
  const malformed = await store.request(`/v2/front/promotional/coupon/${encodeURIComponent('com espaço!')}`);
  expect(malformed.status).toBe(400);
});
