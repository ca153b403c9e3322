import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formAnswerSchema } from '#/contract/forms.ts';
import { newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { shoppers } from './shoppers.ts';

/**
 * Credential stuffing spread over many addresses and accounts (each under its own limits): the store
 * notices it store-wide and, while it lasts, holds logins from devices that never logged in for a code
 * e-mailed to the account. A platform of its own: the attack leaves its counters high for a minute.
 */
let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(20);
});
afterAll(() => store.stop());
const { post, user, person, signUp } = shoppers(() => store);
const session = newSession;

const codeToEnter = (email: string) =>
  /^(\d{6}) é o seu código para entrar/.exec(
    store.mail.filter((m) => m.to === email).at(-1)?.subject ?? '',
  )?.[1];

describe('a spread credential-stuffing attack', () => {
  test('noticed store-wide: logins from new devices wait for an e-mailed code; known devices and quiet times see nothing', async () => {
    const victim = person();
    expect((await signUp(victim, session())).status).toBe(201);
    // Quiet: a login from a new device goes straight in, and the device gets its token.
    const quiet = await post('login', { usuario: victim.email, senha: victim.senha }, session());
    expect(quiet.status).toBe(200);
    const { dispositivo, desafio: none } = formAnswerSchema.parse(await quiet.json());
    expect(none).toBeUndefined();
    expect(dispositivo).toMatch(/^\d+\.[\w-]+\.[\w-]{43}$/);

    // One password over 30 e-mails from 6 addresses: each address and account stays under its own limit.
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post(
        'login',
        { usuario: `alvo${String(i)}@exemplo.com.br`, senha: 'senha123456' },
        session(),
        `10.66.${String(i % 6)}.1`,
      );
      answers.push(res.status);
    }
    expect(answers.slice(0, 19).every((s) => s === 401)).toBe(true);
    expect(answers.slice(20)).toEqual(Array(10).fill(200));

    // Now the right password from a new device and a wrong one get the same answer; only the owner gets a code.
    const sid = session();
    const right = await post('login', { usuario: victim.email, senha: victim.senha }, sid, '10.77.0.1');
    const wrong = await post(
      'login',
      { usuario: victim.email, senha: 'uma senha errada' },
      session(),
      '10.77.0.2',
    );
    expect([right.status, wrong.status]).toEqual([200, 200]);
    const [held, decoy] = [
      formAnswerSchema.parse(await right.json()),
      formAnswerSchema.parse(await wrong.json()),
    ];
    expect(held.mensagem).toBe(decoy.mensagem);
    expect(held.mensagem).toMatch(/^Por segurança/);
    expect(Object.keys(held).sort()).toEqual(Object.keys(decoy).sort());
    expect((await user(sid)).logado).toBe(false);
    const code = codeToEnter(victim.email) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // The code opens only the login it was sent for.
    expect((await post('login/confirm', { desafio: decoy.desafio, codigo: code }, session())).status).toBe(
      400,
    );
    const confirmed = await post('login/confirm', { desafio: held.desafio, codigo: code }, sid);
    expect(confirmed.status).toBe(200);
    const fresh = confirmed.headers.get('Session') ?? '';
    expect((await user(fresh)).logado).toBe(true);
    expect((await post('login/confirm', { desafio: held.desafio, codigo: code }, session())).status).toBe(
      400,
    );

    // A device that logged in before goes straight in; another account's token does not help.
    const known = await post(
      'login',
      { usuario: victim.email, senha: victim.senha, dispositivo },
      session(),
      '10.77.0.3',
    );
    expect(formAnswerSchema.parse(await known.json()).desafio).toBeUndefined();
    const other = person();
    await signUp(other, session());
    const borrowed = await post(
      'login',
      { usuario: other.email, senha: other.senha, dispositivo },
      session(),
      '10.77.0.4',
    );
    expect(formAnswerSchema.parse(await borrowed.json()).desafio).toBeDefined();
  });
});
