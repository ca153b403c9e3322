import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { inArray } from 'drizzle-orm';
import { cartSchema } from '#/contract/cart.ts';
import { errorSchema } from '#/contract/common.ts';
import { formAnswerSchema } from '#/contract/forms.ts';
import { productPageSchema, listingSchema } from '#/contract/page.ts';
import { newSession, startPlatform } from './harness.ts';
import * as t from '#/server/db/schema.ts';
import { shoppers } from './shoppers.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
let item: { idProduto: number; idAtributoSimples: number };
beforeAll(async () => {
  store = await startPlatform(20);
  const listing = await store.getJson(
    '/v2/front/url/product/listing/category?url=/cozinha/&limit=5',
    listingSchema,
  );
  for (const p of listing.conteudo.produtos) {
    const page = await store.getJson(
      `/v2/front/url/product/detail?url=${p.rota.path ?? ''}`,
      productPageSchema,
    );
    const v = page.conteudo.atributos.simples?.valores.find((x) => x.estoque > 0);
    if (v) {
      item = { idProduto: page.conteudo.id, idAtributoSimples: v.idAtributoValor };
      break;
    }
  }
});
afterAll(() => store.stop());

const { post, user, person, cnpj, codeFor, signUp } = shoppers(() => store);
const session = newSession;

describe('sign-up', () => {
  test('a person signs up, is logged in on a new session and keeps the cart', async () => {
    const sid = session();
    await store.request('/v2/front/checkout/cart', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Session: sid },
      body: JSON.stringify({ tipo: 'produto', itens: [{ ...item, quantidade: 1 }] }),
    });
    const res = await signUp(person(), sid);
    expect(res.status).toBe(201);
    expect(formAnswerSchema.parse(await res.json()).mensagem).toMatch(/Boas-vindas, Ana/);
    const fresh = res.headers.get('Session') ?? '';
    expect(fresh).not.toBe(sid);
    expect(fresh).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);
    expect(await user(fresh)).toMatchObject({
      logado: true,
      nomeRazao: 'Ana Maria Souza',
      celular: '11912345678',
    });
    expect((await user(sid)).logado).toBe(false);
    const cart = cartSchema.parse(
      await (await store.request('/v2/front/checkout/cart', { headers: { Session: fresh } })).json(),
    );
    expect(cart.itens).toHaveLength(1);
  });

  test('a company signs up with a CNPJ and no birth date', async () => {
    const res = await signUp(
      person({
        pessoa: 'J',
        nomeRazao: 'Metais Ltda',
        documento: cnpj('112223330001'),
        nascimento: '',
        sexo: '',
      }),
      session(),
    );
    expect(res.status).toBe(201);
  });

  test('a person signs up without a birth date: none is asked to sell a tap', async () => {
    const res = await signUp(person({ nascimento: '' }), session());
    expect(res.status).toBe(201);
  });

  test.each([
    [{ documento: '123.456.789-00' }, 'documento', /CPF inválido/],
    [{ pessoa: 'J', documento: '11.222.333/0001-00' }, 'documento', /CNPJ inválido/],
    [{ senha: '1234567' }, 'senha', /pelo menos 8 caracteres/],
    [{ senha: 'á'.repeat(129) }, 'senha', /longa demais/],
    [{ email: 'ana@' }, 'email', /e-mail válido/],
    [{ celular: '1234' }, 'celular', /celular com DDD/],
    [{ nascimento: '31/02/1990' }, 'nascimento', /dd\/mm\/aaaa/],
    [{ nascimento: '01/01/2020' }, 'nascimento', /16 anos/],
    [{ cep: '123' }, 'cep', /8 dígitos/],
    [{ uf: 'XX' }, 'uf', /estado/],
    [{ nomeRazao: '' }, 'nomeRazao', /nome completo/],
  ])('%j is a 400 with a message on %s, and no account', async (change, field, message) => {
    const body = person(change);
    const res = await post('register', body, session());
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { erros: Record<string, string> };
    expect(answer.erros[field]).toMatch(message);
    expect((await post('login', { usuario: body.email, senha: body.senha }, session())).status).toBe(401);
  });

  test('long passphrases and any characters are welcome (no composition rules)', async () => {
    const res = await signUp(person({ senha: 'minha casa tem uma torneira dourada 🚿 linda' }), session());
    expect(res.status).toBe(201);
  });

  test('a taken e-mail is answered like a new one: its owner is warned (once an hour), no code opens it', async () => {
    const first = person();
    expect((await signUp(first, session())).status).toBe(201);
    const fresh = await post('register', person({ email: 'nova.pessoa@exemplo.com.br' }), session());
    const taken = await post('register', person({ email: first.email }), session());
    expect(taken.status).toBe(fresh.status);
    const [a, b] = [formAnswerSchema.parse(await fresh.json()), formAnswerSchema.parse(await taken.json())];
    expect(b.mensagem.replace(first.email, 'X')).toBe(a.mensagem.replace('nova.pessoa@exemplo.com.br', 'X'));
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    // The owner reads that someone tried, with the way to log in or recover; no code was sent to them.
    const warned = store.mail.filter(
      (m) => m.to === first.email && m.subject.includes('tentou criar uma conta'),
    );
    expect(warned).toHaveLength(1);
    expect(warned[0]?.text).toMatch(/\/checkout\/nova-senha/);
    // The only code ever sent to that address is the one of its own sign-up.
    expect(
      store.mail.filter((m) => m.to === first.email && m.subject.includes('é o seu código')),
    ).toHaveLength(1);
    for (const codigo of ['000000', codeFor(first.email) ?? '111111']) {
      const wrong = await post('register/confirm', { desafio: b.desafio, codigo }, session());
      expect(wrong.status).toBe(400);
    }
    await post('register', person({ email: first.email }), session());
    expect(store.mail.filter((m) => m.to === first.email && m.subject.includes('tentou criar'))).toHaveLength(
      1,
    );
  });

  test('a wrong code spends a try (five kill it); a CPF of another account is refused only after the code', async () => {
    const body = person();
    const started = formAnswerSchema.parse(await (await post('register', body, session())).json());
    for (let i = 0; i < 5; i++) {
      const wrong = await post('register/confirm', { desafio: started.desafio, codigo: '999999' }, session());
      expect(((await wrong.json()) as { erros: Record<string, string> }).erros['codigo']).toMatch(
        /incorreto/,
      );
    }
    const dead = await post(
      'register/confirm',
      { desafio: started.desafio, codigo: codeFor(body.email) },
      session(),
    );
    expect(((await dead.json()) as { erros: Record<string, string> }).erros['codigo']).toMatch(/expirou/);
    const bad = await post('register/confirm', { desafio: started.desafio, codigo: '12' }, session());
    expect(bad.status).toBe(400);

    const owner = person();
    expect((await signUp(owner, session())).status).toBe(201);
    const sameCpf = await signUp(person({ documento: owner.documento }), session());
    expect(sameCpf.status).toBe(409);
    expect(((await sameCpf.json()) as { erros: Record<string, string> }).erros['codigo']).toMatch(/CPF/);
  });
});

describe('login and logout', () => {
  const account = person();
  beforeAll(async () => {
    expect((await signUp(account, session())).status).toBe(201);
  });

  test('by e-mail (any case) or CPF; the session changes and the cart comes along', async () => {
    const sid = session();
    await store.request('/v2/front/checkout/cart', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Session: sid },
      body: JSON.stringify({ tipo: 'produto', itens: [{ ...item, quantidade: 2 }] }),
    });
    const res = await post('login', { usuario: account.email.toUpperCase(), senha: account.senha }, sid);
    expect(res.status).toBe(200);
    const fresh = res.headers.get('Session') ?? '';
    expect(fresh).not.toBe(sid);
    expect((await user(fresh)).logado).toBe(true);
    const cart = cartSchema.parse(
      await (await store.request('/v2/front/checkout/cart', { headers: { Session: fresh } })).json(),
    );
    expect(cart.quantidadeTotal).toBe(2);
    // The cart started before the login is the same cart: its order will count it converted (the dashboard).
    const started = await store.database.db
      .select({ session: t.cartsStarted.sessionId })
      .from(t.cartsStarted)
      .where(inArray(t.cartsStarted.sessionId, [sid, fresh]));
    expect(started).toEqual([{ session: fresh }]);
    const byCpf = await post(
      'login',
      { usuario: account.documento.replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3-'), senha: account.senha },
      session(),
    );
    expect(byCpf.status).toBe(200);
  });

  test('unknown e-mail and wrong password get the same answer', async () => {
    const wrong = await post('login', { usuario: account.email, senha: 'não é essa senha' }, session());
    const unknown = await post(
      'login',
      { usuario: 'ninguem@exemplo.com.br', senha: 'não é essa senha' },
      session(),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(
      errorSchema.parse(await (await post('login', { usuario: 'x@y.com', senha: 'z' }, session())).json())
        .mensagem,
    ).toBe('E-mail, CPF ou senha incorretos.');
  });

  test('logout ends the session: neither the old nor the new id is logged in', async () => {
    const res = await post('login', { usuario: account.email, senha: account.senha }, session());
    const logged = res.headers.get('Session') ?? '';
    const out = await post('logout', {}, logged);
    expect(out.status).toBe(200);
    const anonymous = out.headers.get('Session') ?? '';
    expect(anonymous).not.toBe(logged);
    expect((await user(logged)).logado).toBe(false);
    expect((await user(anonymous)).logado).toBe(false);
  });

  test('more than 10 logins a minute from one address is 429', async () => {
    const from = '10.200.0.1';
    for (let i = 0; i < 10; i++)
      expect((await post('login', { usuario: 'a@b.com', senha: 'x' }, session(), from)).status).toBe(401);
    const limited = await post('login', { usuario: account.email, senha: account.senha }, session(), from);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBeTruthy();
  });
});

describe('password recovery', () => {
  /** The token of the newest recovery link e-mailed to `email`. */
  const tokenMailedTo = (email: string) =>
    /\/checkout\/nova-senha\?token=([A-Za-z0-9_-]+)/.exec(
      store.mail.filter((m) => m.to === email).at(-1)?.text ?? '',
    )?.[1] ?? '';
  test('a reset spends every open link of the customer: the other one no longer works', async () => {
    const account = person();
    await signUp(account, session());
    const tokens: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      await post('password-recovery', { usuario: account.email }, session());
      tokens.push(tokenMailedTo(account.email));
    }
    const [first = '', second = ''] = tokens;
    expect(first).not.toBe(second);
    expect(
      (await post('password-reset', { token: first, senha: 'a frase nova e comprida' }, session())).status,
    ).toBe(200);
    expect(
      (await post('password-reset', { token: second, senha: 'outra frase do atacante' }, session())).status,
    ).toBe(400);
    expect(
      (await post('login', { usuario: account.email, senha: 'a frase nova e comprida' }, session())).status,
    ).toBe(200);
  });

  test('the same answer for any account; the link works once and logs every session out', async () => {
    const account = person();
    const signup = await signUp(account, session());
    const logged = signup.headers.get('Session') ?? '';
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      }),
    );
    const mailed = store.mail.length;
    const known = await post('password-recovery', { usuario: account.email }, session());
    const unknown = await post('password-recovery', { usuario: 'ninguem@exemplo.com.br' }, session());
    for (const spy of spies) spy.mockRestore();
    expect(await known.json()).toEqual(await unknown.json());
    // One e-mail, to the customer only, in Portuguese; the log holds neither the address nor the link.
    expect(store.mail.length).toBe(mailed + 1);
    const message = store.mail.at(-1);
    expect(message?.to).toBe(account.email);
    expect(message?.subject).toMatch(/nova senha/);
    expect(message?.text).toMatch(/vale por 1 hora/);
    const token = tokenMailedTo(account.email);
    expect(token).toHaveLength(43);
    expect(lines.join('\n')).not.toContain(account.email);
    expect(lines.join('\n')).not.toContain(token);
    const reset = await post('password-reset', { token, senha: 'outra frase bem comprida' }, session());
    expect(reset.status).toBe(200);
    expect((await user(logged)).logado).toBe(false);
    expect(
      (await post('password-reset', { token, senha: 'mais uma frase comprida' }, session())).status,
    ).toBe(400);
    expect((await post('login', { usuario: account.email, senha: account.senha }, session())).status).toBe(
      401,
    );
    expect(
      (await post('login', { usuario: account.email, senha: 'outra frase bem comprida' }, session())).status,
    ).toBe(200);
  });
});

describe('profile', () => {
  test("a company's state registration is changed here (checked, upper-cased); a person's account keeps none", async () => {
    const address = {
      cep: '20040-020',
      logradouro: 'Av. Rio Branco',
      numero: '1',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
    };
    const company = await signUp(
      person({
        pessoa: 'J',
        documento: cnpj('445556660001'),
        nomeRazao: 'Metais Lima Ltda',
        nascimento: '',
        inscricaoEstadual: '',
      }),
      session(),
    );
    expect(company.status).toBe(201);
    const sid = company.headers.get('Session') ?? '';
    const change = (inscricaoEstadual: unknown, to = sid) =>
      post(
        'user',
        { nomeRazao: 'Metais Lima Ltda', celular: '21987654321', ...address, inscricaoEstadual },
        to,
      );
    const wrong = await change('12-ab');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { erros: Record<string, string> }).erros['inscricaoEstadual']).toMatch(
      /Inscrição estadual/,
    );
    expect((await user(sid)).inscricaoEstadual).toBe('');
    expect((await change('isento')).status).toBe(200);
    expect((await user(sid)).inscricaoEstadual).toBe('ISENTO');
    expect((await change('123.456.789.110')).status).toBe(200);
    expect((await user(sid)).inscricaoEstadual).toBe('123456789110');

    const someone = await signUp(person(), session());
    const theirs = someone.headers.get('Session') ?? '';
    expect((await change('ISENTO', theirs)).status).toBe(200);
    expect((await user(theirs)).inscricaoEstadual).toBe('');
  });

  test('a guest cannot change it; a customer can, with messages per field', async () => {
    expect((await post('user', { nomeRazao: 'X' }, session())).status).toBe(401);
    const signup = await signUp(person(), session());
    const sid = signup.headers.get('Session') ?? '';
    const bad = await post(
      'user',
      {
        nomeRazao: '',
        celular: '1',
        cep: '1',
        logradouro: 'R',
        numero: '1',
        bairro: 'B',
        cidade: 'C',
        uf: 'SP',
      },
      sid,
    );
    expect(bad.status).toBe(400);
    const ok = await post(
      'user',
      {
        nomeRazao: 'Ana Lima',
        celular: '21987654321',
        cep: '20040-020',
        logradouro: 'Av. Rio Branco',
        numero: '1',
        bairro: 'Centro',
        cidade: 'Rio de Janeiro',
        uf: 'RJ',
      },
      sid,
    );
    expect(ok.status).toBe(200);
    expect(await user(sid)).toMatchObject({
      nomeRazao: 'Ana Lima',
      // The whole address comes back (the account page and the checkout show street and number).
      endereco: {
        cep: '20040020',
        principal: {
          cidade: 'Rio de Janeiro',
          uf: 'RJ',
          logradouro: 'Av. Rio Branco',
          numero: '1',
          bairro: 'Centro',
          complemento: '',
        },
      },
    });
  });
});
