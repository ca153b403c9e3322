import { describe, expect, test } from 'vitest';
import { leftToUndo } from '#/server/staff/undo.ts';

/** What an order cancelled, refunded or withdrawn still has to undo: the NF-e (cancel, or a return note) and the label. */

const nota = (extra: Record<string, unknown> = {}) => ({
  situacao: 'autorizada' as const,
  situacaoLabel: 'Autorizada',
  provedor: 'focusnfe',
  numero: '123',
  serie: '1',
  chave: '3'.repeat(44),
  danfe: '',
  xml: '',
  motivo: '',
  cancelavelAte: '2026-11-29T15:00:00.000Z',
  ...extra,
});
const label = (situacao: string) => ({
  situacao,
  transportadora: 'Correios',
  servico: 'PAC',
  valor: 23.5,
  rastreio: '',
  etiqueta: '',
  motivo: '',
});
const order = (over: Record<string, unknown> = {}) =>
  ({
    situacao: 'cancelado',
    historico: [{ situacao: 'pago', label: 'Pago', em: '' }],
    faturamento: { nota: nota(), provedor: true, podeEmitir: false, podeAnexar: false, pendencias: [] },
    envio: { provedor: true, cotacoes: [], pendencias: [], etiqueta: label('gerada') },
    ...over,
  }) as Parameters<typeof leftToUndo>[0];

describe('left to undo', () => {
  test('a sale that stands has nothing to undo', () => {
    expect(leftToUndo(order({ situacao: 'pago' }))).toEqual([]);
    // A refund the team settled as not made leaves the sale standing.
    expect(
      leftToUndo(order({ situacao: 'entregue', reembolso: { valor: 1, em: '', situacao: 'nao_feita' } })),
    ).toEqual([]);
  });

  test('cancelled within the window: cancel the NF-e, cancel the label', () => {
    const steps = leftToUndo(order());
    expect(steps.map((s) => s.ancora)).toEqual(['h-nfe', 'h-etiqueta']);
    expect(steps[0]?.texto).toMatch(/cancele-a na SEFAZ/);
    expect(steps[1]?.texto).toMatch(/R\$\s23,50/);
  });

  test('past the window, shipped, or an ERP note: a return note in the ERP; a posted label is not listed', () => {
    const late = leftToUndo(order({ faturamento: { nota: nota({ cancelavelAte: undefined }) } }));
    expect(late[0]?.texto).toMatch(/nota de devolução/);
    const shipped = leftToUndo(
      order({
        situacao: 'entregue',
        reembolso: { valor: 1, em: '', situacao: 'pedida' },
        historico: [
          { situacao: 'pago', label: '', em: '' },
          { situacao: 'enviado', label: '', em: '' },
        ],
        envio: { provedor: true, cotacoes: [], pendencias: [], etiqueta: label('postada') },
      }),
    );
    expect(shipped.map((s) => s.ancora)).toEqual(['h-nfe']);
    expect(shipped[0]?.texto).toMatch(/a mercadoria já saiu/);
    const erp = leftToUndo(order({ faturamento: { nota: nota({ provedor: 'erp' }) } }));
    expect(erp[0]?.texto).toMatch(/nota de devolução/);
  });
});
