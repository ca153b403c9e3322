import { expect, test } from 'vitest';
import { errorAnswer, searchParams } from '#/api/core.ts';

test('an error answer keeps the message and each field problem', () => {
  const error = errorAnswer(400, 'v2/front/newsletter', {
    error: 'validation',
    mensagem: 'Informe seu e-mail.',
    erros: { email: 'Informe seu e-mail.', nome: 'Use no máximo 120 caracteres no nome.', outro: 3 },
  });
  expect(error).toMatchObject({
    status: 400,
    endpoint: 'v2/front/newsletter',
    mensagem: 'Informe seu e-mail.',
  });
  expect(error.fields).toEqual({
    email: 'Informe seu e-mail.',
    nome: 'Use no máximo 120 caracteres no nome.',
  });
});

test('an answer without a message falls back to its error code, then to a Portuguese line', () => {
  expect(errorAnswer(404, 'x', { error: 'not_found' }).mensagem).toBe('not_found');
  expect(errorAnswer(502, 'x', '<html>').mensagem).toBe('Não foi possível falar com a plataforma da loja.');
  expect(errorAnswer(502, 'x', null).fields).toEqual({});
});

test('query values: repeated keys for lists, nothing for undefined', () => {
  expect(searchParams({ a: 'x', b: 2, c: undefined, d: ['1', '2'] }).toString()).toBe('a=x&b=2&d=1&d=2');
});

test("an unexpected error keeps the platform's reference, and only a well-formed one", () => {
  const body = { error: 'internal_error', mensagem: 'Ops!', codigo: '0A1B2C3D' };
  expect(errorAnswer(500, 'x', body).reference).toBe('0A1B2C3D');
  expect(errorAnswer(500, 'x', { ...body, codigo: '<script>' }).reference).toBeUndefined();
  expect(errorAnswer(500, 'x', { error: 'internal_error' }).reference).toBeUndefined();
});

test('a refusal keeps the platform error code', () => {
  expect(errorAnswer(400, 'x', { error: 'cart_full', mensagem: 'Cheio' }).code).toBe('cart_full');
  expect(errorAnswer(401, 'x', { error: 'login_required', mensagem: 'Entre' }).code).toBe('login_required');
  expect(errorAnswer(400, 'x', { error: 'algo_de_outra_plataforma' }).code).toBe('algo_de_outra_plataforma');
  expect(errorAnswer(502, 'x', '<html>').code).toBeUndefined();
});
