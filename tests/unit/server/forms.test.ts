import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { formAnswerSchema } from '#/contract/forms.ts';
import * as t from '#/server/db/schema.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(20);
});
afterAll(() => store.stop());

let client = 0;
/** Each test its own visitor address, so rate limits do not leak between tests. */
const post = (body: unknown, address = `10.0.0.${String(++client)}`) =>
  store.request('/v2/front/newsletter', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Loja-Cliente': address },
    body: JSON.stringify(body),
  });
const subscribers = async () =>
  (await store.database.db.select().from(t.newsletterSubscribers)).map((r) => r.email);

describe('newsletter', () => {
  test('signs up once; the same e-mail again (any case) gets the very same answer (nothing tells who subscribed)', async () => {
    const first = formAnswerSchema.parse(
      await (await post({ nome: 'Ana', email: 'Ana@Exemplo.com.br' })).json(),
    );
    expect(first.sucesso).toBe(true);
    const again = await post({ email: ' ana@exemplo.com.br ' });
    expect(again.status).toBe(200);
    expect(formAnswerSchema.parse(await again.json())).toEqual(first);
    expect((await subscribers()).filter((e) => e === 'ana@exemplo.com.br')).toHaveLength(1);
  });

  test.each([
    [{}, 'email', /Informe seu e-mail/],
    [{ email: '' }, 'email', /Informe seu e-mail/],
    [{ email: 'ana@' }, 'email', /e-mail válido/],
    [{ email: 'a@b.com', nome: 'x'.repeat(121) }, 'nome', /120 caracteres/],
  ])('bad body %j is 400 with a message for %s and stores nothing', async (body, field, message) => {
    const before = await subscribers();
    const res = await post(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { erros: Record<string, string> };
    expect(errorSchema.parse(answer).mensagem).toMatch(message);
    expect(answer.erros[field]).toMatch(message);
    expect(await subscribers()).toEqual(before);
  });

  test('a filled honeypot looks like success and keeps nothing', async () => {
    const res = await post({ email: 'robo@spam.com', website: 'http://spam' });
    expect(formAnswerSchema.parse(await res.json()).sucesso).toBe(true);
    expect(await subscribers()).not.toContain('robo@spam.com');
  });

  test('more than 10 sign-ups a minute from one address is 429 with Retry-After', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 10; i++)
      expect((await post({ email: `lote${String(i)}@exemplo.com` }, address)).status).toBe(200);
    const limited = await post({ email: 'lote-extra@exemplo.com' }, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(errorSchema.parse(await limited.json()).mensagem).toMatch(/Muitas tentativas/);
    expect(await subscribers()).not.toContain('lote-extra@exemplo.com');
    // Another address is not affected.
    expect((await post({ email: 'outra@exemplo.com' }, '10.9.9.10')).status).toBe(200);
  });
});
