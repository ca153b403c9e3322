import { correctOrder, quoteCorrection, staffOrder } from '#/api/staff-orders.ts';
import { isOrderNumber } from '#/contract/order.ts';
import type { CorrectionQuote } from '#/contract/order-correction.ts';
import type { PedidoEquipe } from '#/contract/staff-orders.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fillFromCep } from './cep-fill.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { addressOf, filledRows, linesOf, onOrderForm, rowsShown } from './order-form.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

/** The correction page: the order, what was typed, the quote when calculated, and what the platform said. */
export type CorrectionView = {
  pedido: PedidoEquipe;
  values: Fields;
  errors: Readonly<Record<string, string>>;
  notice: Notice | undefined;
  quote: CorrectionQuote | undefined;
  /** Product rows to show: only before payment, when the lines may change (0: they may not). */
  rows: number;
  cep: { status: string; focus: string } | undefined;
};

/** Whether an order may still be corrected here: not shipped, not cancelled. */
export const correctable = (pedido: PedidoEquipe) =>
  pedido.situacao === 'aguardando_pagamento' || pedido.situacao === 'pago';

/** The form as it opens: the order's address, delivery and (before payment) its lines. */
function startingValues(pedido: PedidoEquipe): Fields {
  const { nome, ...address } = pedido.enderecoEntrega;
  const values: Fields = { ...address, destinatario: nome, de: pedido.situacao };
  if (pedido.situacao === 'aguardando_pagamento')
    pedido.itens.forEach((item, row) => {
      values[`sku-${String(row)}`] = item.sku;
      values[`quantidade-${String(row)}`] = String(item.quantidade);
    });
  return values;
}

/** The form's fields as the staff API takes them; the lines only when the form shows them. */
const changeOf = (f: Fields, rows: number[], withLines: boolean): Record<string, unknown> => ({
  de: f['de'] ?? '',
  endereco: addressOf(f),
  frete: f['frete'] ?? '',
  ...(withLines ? { itens: linesOf(f, rows) } : {}),
  conferencia: f['conferencia'] ?? '',
});

/** What the shown total was calculated for: the delivery, the address and the lines. */
const terms = (f: Fields, rows: number[]) =>
  JSON.stringify([f['frete'] ?? '', addressOf(f), linesOf(f, rows)]);

/**
 * `/painel/pedidos/{numero}/corrigir` (owners and `pedidos`): the delivery address and option of an order not
 * shipped yet, and before payment its lines. "Calcular" quotes the new address and shows the difference;
 * "Salvar correção" makes it as last shown. Plain form posts, without JavaScript.
 */
export async function panelOrderCorrectionPage(
  visit: Visit,
  numero: string | undefined,
): Promise<Answer<PanelPage<CorrectionView | null>>> {
  return panelPage<CorrectionView | null>(visit, ['pedidos'], async (frame) => {
    if (!isOrderNumber(numero)) return { status: 404, view: { frame, content: null } };
    let pedido: PedidoEquipe;
    try {
      pedido = await staffOrder(frame.client, numero);
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
    const withLines = pedido.situacao === 'aguardando_pagamento';
    const fields = await postedFields(visit.request);
    const base = { pedido, errors: {}, notice: undefined, quote: undefined, cep: undefined };
    if (!fields || !correctable(pedido)) {
      const values = startingValues(pedido);
      const rows = withLines ? rowsShown(filledRows(values), 3) : 0;
      const notice = correctable(pedido)
        ? undefined
        : { text: `O pedido está "${pedido.situacaoLabel}": não dá mais para corrigi-lo.`, error: true };
      return { view: { frame, content: { ...base, values, rows, notice } } };
    }
    const rows = withLines ? filledRows(fields) : [];
    const shown = withLines ? rowsShown(rows, 3) : 0;
    const values: Fields = { ...fields };
    const fill = await fillFromCep(frame.client, values);
    if (fill) {
      const cep = { status: fill.status, focus: fill.focus };
      return {
        view: { frame, content: { ...base, values: fill.values, errors: fill.errors, rows: shown, cep } },
      };
    }
    let notice: Notice | undefined;
    let errors: Readonly<Record<string, string>> = {};
    let status: number | undefined;
    let saveRefused = false;
    const refuse = (error: unknown) => {
      const refused = onOrderForm(refusal(error), rows);
      status = refused.status;
      errors = refused.fields;
      notice = { text: refusalLine(refused), error: true };
    };
    if (fields['acao'] === 'corrigir') {
      // Saved only as last shown: a delivery chosen since is calculated and shown first.
      if ((fields['frete'] ?? '') !== '' && terms(fields, rows) === fields['calculado'])
        try {
          await correctOrder(frame.client, numero, changeOf(values, rows, withLines));
          return redirect(`/painel/pedidos/${numero}?feito=corrigido`);
        } catch (error) {
          refuse(error);
          saveRefused = true;
        }
      else
        notice = {
          text: 'Confira o novo total com a entrega escolhida e clique de novo em "Salvar correção".',
          error: true,
        };
    }
    let quote: CorrectionQuote | undefined;
    try {
      quote = await quoteCorrection(frame.client, numero, changeOf(values, rows, withLines));
      values['conferencia'] = quote.conferencia;
      if (!quote.fretes.some((f) => f.id === values['frete'])) values['frete'] = '';
      values['calculado'] = quote.novo ? terms(values, rows) : '';
    } catch (error) {
      if (!saveRefused) refuse(error);
      values['conferencia'] = '';
      values['calculado'] = '';
    }
    return { status, view: { frame, content: { ...base, values, errors, notice, quote, rows: shown } } };
  });
}
