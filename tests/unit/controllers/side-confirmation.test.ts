import { describe, expect, test } from 'vitest';
import type { PedidoEquipe } from '#/contract/staff-orders.ts';
import { ASKS_FIRST, sideConfirmation } from '#/controllers/panel-order-side.ts';

/** The order page's side forms that cannot be undone ask first, with what was typed checked at once. */

const pedido = {
  numero: 1042,
  devolucoes: [{ id: 7, valor: 1751.9, situacao: 'parado' }],
} as unknown as PedidoEquipe;

describe('side forms that cannot be undone', () => {
  test('a refund settled as given back asks, with the amount, and posts the same fields confirmed', () => {
    const fields = {
      acao: 'resolver',
      devolucao: '7',
      desfecho: 'devolvido',
      nota: 'Transferência em 27/11',
    };
    expect(ASKS_FIRST(fields)).toBe(true);
    const asked = sideConfirmation(fields, pedido);
    expect(asked).toEqual({
      confirmar: {
        question: expect.stringMatching(/R\$\s1\.751,90 do pedido 1042 já voltou para o cliente/) as string,
        button: 'Sim, foi devolvido',
        fields: { acao: 'resolver', devolucao: '7', desfecho: 'devolvido', nota: 'Transferência em 27/11' },
      },
    });
    expect(sideConfirmation({ ...fields, confirmado: 'sim' }, pedido)).toBeUndefined();
  });

  test('a missing reason or outcome is said at once, not after the confirmation', () => {
    expect(sideConfirmation({ acao: 'resolver', devolucao: '7', nota: '' }, pedido)).toEqual({
      errors: {
        desfecho: 'Diga se o valor foi devolvido por outro meio ou se não será devolvido.',
        nota: expect.stringContaining('Diga como a devolução foi resolvida') as string,
      },
    });
    // A refund no longer on the order: nothing to ask.
    expect(
      sideConfirmation({ acao: 'resolver', devolucao: '8', desfecho: 'devolvido' }, pedido),
    ).toBeUndefined();
  });

  test('a held order cancelled asks; shipping it anyway (undoable by the team) does not', () => {
    const cancel = { acao: 'retido', tomada: '3', decisao: 'cancelar', nota: 'Cliente contestou a compra' };
    expect(sideConfirmation(cancel, pedido)).toMatchObject({
      confirmar: {
        button: 'Sim, cancelar o pedido',
        fields: { acao: 'retido', tomada: '3', decisao: 'cancelar' },
      },
    });
    expect(ASKS_FIRST({ ...cancel, decisao: 'seguir' })).toBe(false);
    expect(ASKS_FIRST({ acao: 'nota', texto: 'x' })).toBe(false);
  });
});
