import { expect } from 'vitest';
import { formAnswerSchema } from '#/contract/forms.ts';
import { userSchema } from '#/contract/user.ts';
import type { TestPlatform } from './harness.ts';

/** Shoppers of the account tests: their forms, their calls (each from an address of its own), their codes. */
export function shoppers(platform: () => TestPlatform) {
  let n = 0;
  const address = () => `10.1.${String(Math.floor(++n / 200))}.${String(n % 200)}`;
  const post = (path: string, body: unknown, sid: string, client = address()) =>
    platform().request(`/v2/front/checkout/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Session: sid, 'X-Loja-Cliente': client },
      body: JSON.stringify(body),
    });
  const user = async (sid: string) =>
    userSchema.parse(
      await (await platform().request('/v2/front/checkout/user', { headers: { Session: sid } })).json(),
    );

  /** A valid CPF/CNPJ built from a base (check digits computed). */
  function cpf(base: string): string {
    const d = base.split('').map(Number);
    for (const len of [9, 10]) {
      const sum = d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0);
      const r = (sum * 10) % 11;
      d.push(r === 10 ? 0 : r);
    }
    return d.join('');
  }
  function cnpj(base: string): string {
    const d = base.split('').map(Number);
    for (const w of [
      [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
      [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    ]) {
      const r = w.reduce((s, x, i) => s + x * (d[i] ?? 0), 0) % 11;
      d.push(r < 2 ? 0 : 11 - r);
    }
    return d.join('');
  }

  let people = 0;
  const person = (overrides: Record<string, unknown> = {}) => {
    people += 1;
    return {
      pessoa: 'F',
      nomeRazao: 'Ana Maria Souza',
      email: `ana${String(people)}@exemplo.com.br`,
      celular: '(11) 91234-5678',
      documento: cpf(String(123456000 + people).padStart(9, '0')),
      nascimento: '15/03/1990',
      sexo: 'f',
      cep: '13035-000',
      logradouro: 'Rua das Flores',
      numero: '120',
      bairro: 'Centro',
      cidade: 'Campinas',
      uf: 'SP',
      senha: 'uma frase longa e fácil de lembrar',
      ...overrides,
    };
  };

  /** The 6-number code the store e-mailed to `email` last (its subject starts with it). */
  const codeFor = (email: string) => {
    const mail = platform()
      .mail.filter((m) => m.to === email)
      .at(-1);
    return /^(\d{6}) é o seu código/.exec(mail?.subject ?? '')?.[1];
  };

  /** Sign up as a shopper does: the form, then the code from the e-mail; answers the confirmation. */
  async function signUp(body: ReturnType<typeof person>, sid: string) {
    const started = await post('register', body, sid);
    expect(started.status).toBe(200);
    const { desafio } = formAnswerSchema.parse(await started.json());
    return post('register/confirm', { desafio, codigo: codeFor(body.email) ?? '' }, sid);
  }

  return { post, user, person, cpf, cnpj, codeFor, signUp };
}
