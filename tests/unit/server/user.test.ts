import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorSchema, operationSchema } from '#/contract/common.ts';
import { userSchema } from '#/contract/user.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(40);
});
afterAll(() => store.stop());

const session = { Session: newSession() };
const post = (body: string) =>
  store.request('/v2/front/checkout/zipcode', {
    method: 'POST',
    headers: { ...session, 'Content-Type': 'application/json' },
    body,
  });
const user = async () =>
  userSchema.parse(await (await store.request('/v2/front/checkout/user', { headers: session })).json());

test('an anonymous visitor is answered with logado false and empty fields', async () => {
  const u = await user();
  expect(u.logado).toBe(false);
  expect(u.email).toBe('');
  expect(u.endereco.cep).toBe('');
});

test('a CEP is kept in the session, digits only', async () => {
  const res = await post(JSON.stringify({ cep: '13035-000' }));
  expect(operationSchema.parse(await res.json()).sucesso).toBe(true);
  expect((await user()).endereco.cep).toBe('13035000');
});

test.each([['{"cep":"123"}'], ['{"cep":"00000-000"}'], ['{"cep":12345678}'], ['[]'], ['{}']])(
  'bad CEP body %s is 400 and changes nothing',
  async (body) => {
    await post(JSON.stringify({ cep: '01310-100' }));
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/CEP/);
    expect((await user()).endereco.cep).toBe('01310100');
  },
);
