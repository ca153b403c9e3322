import { describe, expect, test } from 'vitest';
import { ApiError } from '#/api/core.ts';
import { refusalInRows, rowsByIndex } from '#/controllers/answer.ts';

/** A refused list entry is said under the form's own row, wherever the form had it. */
describe('refusalInRows', () => {
  const refused = new ApiError(400, 'x', 'Confira.', {
    'itens.0.link': 'Link ruim.',
    'itens.1.texto': 'Sem texto.',
    'itens.9.texto': 'Sem linha.',
    outro: 'Outro campo.',
  });

  test('entries by index go to the rows they came from; the rest keep or change their name', () => {
    // The form's rows 4 and 2 were sent as entries 0 and 1 (ordered by position).
    expect(refusalInRows(refused, 'itens', rowsByIndex([4, 2]), (key) => `campo-${key}`).fields).toEqual({
      'link-4': 'Link ruim.',
      'texto-2': 'Sem texto.',
      'campo-itens.9.texto': 'Sem linha.',
      'campo-outro': 'Outro campo.',
    });
  });

  test('entries by key (a region) go to the row of that key; status and message are kept', () => {
    const cells = refusalInRows(
      new ApiError(400, 'x', 'Confira.', { 'regioes.SE.dias': 'De 1 a 60.' }),
      'regioes',
      (r) => r,
    );
    expect(cells.fields).toEqual({ 'dias-SE': 'De 1 a 60.' });
    expect([cells.status, cells.mensagem]).toEqual([400, 'Confira.']);
  });
});
