import { describe, expect, test } from 'vitest';
import { messageEntry } from '#/lib/activity.ts';

describe('a message in the activity, as the team reads it', () => {
  test.each([
    ['formulario-12', 'Formulário nº 12', '/painel/mensagens/formulario-12'],
    ['avaliacao-3', 'Avaliação da loja nº 3', '/painel/mensagens/avaliacao-3'],
    ['resposta-pronta-4', 'Resposta pronta nº 4', '/painel/mensagens/respostas-prontas'],
    ['newsletter-ana@exemplo.com.br', 'Newsletter: ana@exemplo.com.br', '/painel/mensagens'],
    ['6f1c2a44-1b2c-4d5e-8f90-123456789abc', 'E-mail da loja', '/painel/envios'],
  ])('%s', (id, text, href) => {
    expect(messageEntry(id)).toEqual({ text, href });
  });
});
