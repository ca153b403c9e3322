import { describe, expect, test } from 'vitest';
import { fillReadyAnswer, readyAnswerFrom } from '#/contract/staff-conversations.ts';

describe('ready answers and the name of whom they answer', () => {
  test.each([
    ['Olá, Rita! Mande uma foto.', 'Rita Moraes', 'Olá, {nome}! Mande uma foto.'],
    ['Rita, tudo bem? Obrigada, Rita.', 'Rita', '{nome}, tudo bem? Obrigada, {nome}.'],
    // A name inside another word, or in lower case (a colour, a word), stays.
    ['Olá, Ana! A Anabela da loja e a rosa.', 'Ana Souza', 'Olá, {nome}! A Anabela da loja e a rosa.'],
    ['Olá, Rosa! Temos a torneira rosa.', 'Rosa', 'Olá, {nome}! Temos a torneira rosa.'],
    ['Olá, Ênio!', 'Ênio Dias', 'Olá, {nome}!'],
    // No name, or one letter: nothing to take out; a name with symbols is matched as written.
    ['Olá!', '', 'Olá!'],
    ['Olá, J!', 'J', 'Olá, J!'],
    ['Olá, (Beto)!', '(Beto)', 'Olá, {nome}!'],
  ])('%s (%s)', (texto, nome, kept) => {
    expect(readyAnswerFrom(texto, nome)).toBe(kept);
  });

  test('filled in for the next person, or without the name when there is none', () => {
    expect(fillReadyAnswer('Olá, {nome}! Até 5 dias.', 'Caio Prado')).toBe('Olá, Caio! Até 5 dias.');
    expect(fillReadyAnswer('Olá, {nome}! Até 5 dias.', '  ')).toBe('Olá! Até 5 dias.');
  });
});
