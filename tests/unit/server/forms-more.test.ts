import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { formAnswerSchema } from '#/contract/forms.ts';
import * as t from '#/server/db/schema.ts';
import { evaluationKeyHash } from '#/server/forms/evaluations.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(10);
});
afterAll(() => store.stop());

let n = 0;
const send = (method: string, path: string, body?: unknown) =>
  store.request(`/v2/front/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Loja-Cliente': `10.3.0.${String(++n)}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const submissions = async (kind: string) =>
  (await store.database.db.select().from(t.formSubmissions)).filter((r) => r.kind === kind);

describe('contact form', () => {
  const good = {
    nome: 'Carlos Dias',
    email: 'carlos@exemplo.com.br',
    contato: '(19) 3232-4500',
    pedido: 'PED-1234',
    assunto: 'Pedido e entrega',
    mensagem: 'Quando chega o meu pedido?',
  };
  test('is kept and answered in Portuguese', async () => {
    const res = await send('POST', 'form/contact', good);
    expect(res.status).toBe(200);
    expect(formAnswerSchema.parse(await res.json()).mensagem).toMatch(/Mensagem recebida/);
    expect((await submissions('contato')).at(-1)?.data).toMatchObject({
      nome: 'Carlos Dias',
      contato: '1932324500',
    });
  });
  test.each([
    [{ nome: '' }, 'nome', /Informe seu nome/],
    [{ email: 'x' }, 'email', /e-mail válido/],
    [{ contato: '123' }, 'contato', /telefone com DDD/],
    [{ assunto: 'Qualquer' }, 'assunto', /Escolha o assunto/],
    [{ mensagem: 'oi' }, 'mensagem', /pelo menos 10/],
    [{ pedido: '<script>' }, 'pedido', /letras, números e traço/],
  ])('%j is a 400 with a message on %s', async (change, field, message) => {
    const before = (await submissions('contato')).length;
    const res = await send('POST', 'form/contact', { ...good, ...change });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { erros: Record<string, string> }).erros[field]).toMatch(message);
    expect((await submissions('contato')).length).toBe(before);
  });
  test('a filled honeypot keeps nothing', async () => {
    const before = (await submissions('contato')).length;
    expect((await send('POST', 'form/contact', { ...good, website: 'x' })).status).toBe(200);
    expect((await submissions('contato')).length).toBe(before);
  });
});

describe('architect programme', () => {
  test('students and professionals each with their own fields', async () => {
    const student = await send('POST', 'form/architect', {
      tipo: 'estudante',
      nome: 'Lia Rocha',
      email: 'lia@exemplo.com.br',
      celular: '11 91234-5678',
      instituicao: 'FAU USP',
      curso: 'Arquitetura e Urbanismo',
      semestre: '6',
    });
    expect(student.status).toBe(200);
    const pro = await send('POST', 'form/architect', {
      tipo: 'profissional',
      nome: 'Davi Melo',
      email: 'davi@exemplo.com.br',
      celular: '11 91234-5678',
      registro: 'cau a123456-7',
      cidade: 'São Paulo',
      uf: 'sp',
      portfolio: 'https://davimelo.arq.br',
    });
    expect(pro.status).toBe(200);
    expect((await submissions('arquiteto-profissional')).at(-1)?.data).toMatchObject({
      registro: 'CAU A123456-7',
      uf: 'SP',
    });
    const bad = await send('POST', 'form/architect', {
      tipo: 'profissional',
      nome: 'Davi',
      email: 'davi@exemplo.com.br',
      celular: '11912345678',
      registro: '123',
      cidade: 'SP',
      uf: 'SP',
      portfolio: 'meu site',
    });
    const erros = ((await bad.json()) as { erros: Record<string, string> }).erros;
    expect(erros['registro']).toMatch(/CAU/);
    expect(erros['portfolio']).toMatch(/https/);
    expect((await send('POST', 'form/architect', { tipo: 'outro' })).status).toBe(400);
  });
});

describe('store evaluation', () => {
  const key = randomBytes(24).toString('base64url');
  beforeAll(async () => {
    await store.database.db.insert(t.storeEvaluationKeys).values({ keyHash: evaluationKeyHash(key) });
  });
  const answers = {
    experiencia: '5',
    atendimento: 4,
    satisfeito: 'sim',
    publicar: false,
    mensagem: 'Tudo certo.',
  };

  test('a good key is accepted once; unknown and malformed keys are not', async () => {
    const check = async (k: string) =>
      formAnswerSchema.parse(await (await send('GET', `evaluations/store/add/${k}`)).json()).sucesso;
    expect(await check(key)).toBe(true);
    expect(await check(randomBytes(24).toString('base64url'))).toBe(false);
    expect(await check('curta')).toBe(false);
    const bad = await send('POST', `evaluations/store/add/${key}`, { ...answers, experiencia: 9 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { erros: Record<string, string> }).erros['experiencia']).toMatch(/1 a 5/);
    expect(await check(key)).toBe(true);
    expect((await send('POST', `evaluations/store/add/${key}`, answers)).status).toBe(200);
    expect(await check(key)).toBe(false);
    const again = await send('POST', `evaluations/store/add/${key}`, answers);
    expect(again.status).toBe(404);
    expect(errorSchema.parse(await again.json()).mensagem).toMatch(/já foi usado/);
    const rows = await store.database.db.select().from(t.storeEvaluations);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ experience: 5, service: 4, satisfied: true, mayPublish: false });
  });
});
