import { placeHandOrder, quoteHandOrder } from '#/api/staff-orders.ts';
import type { HandQuote } from '#/contract/staff-new-order.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fillFromCep } from './cep-fill.ts';
import { addressOf, filledRows, linesOf, onOrderForm, rowsShown } from './order-form.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { typedNumber } from './panel-coupons.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export const NEW_ORDER_PATH = '/painel/pedidos/novo';
/** Product rows the form shows: the filled ones and a few empty ones, up to the platform's maximum. */
export const NEW_ORDER_ROWS = 6;

/** The new-order page: what was typed, the quote when it was calculated, and what the platform said. */
export type NewOrderView = {
  values: Fields;
  errors: Readonly<Record<string, string>>;
  notice: Notice | undefined;
  quote: HandQuote | undefined;
  /** Product rows to show (filled rows, plus empty ones). */
  rows: number;
  /** "Buscar" pressed by the CEP (no JavaScript): the line under it, and the field to focus. */
  cep: { status: string; focus: string } | undefined;
};

/** A form key of 24 random hex digits: the same form sent twice makes one order. */
const newKey = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24);

/** The form's fields as the staff API takes them (the platform checks each, in Portuguese). */
function orderOf(f: Fields, rows: number[]): Record<string, unknown> {
  const at = (name: string) => f[name] ?? '';
  const discount = typedNumber(at('desconto'));
  return {
    canal: at('canal'),
    cliente: { email: at('email'), nome: at('nome'), documento: at('documento'), celular: at('celular') },
    itens: linesOf(f, rows),
    endereco: addressOf(f),
    frete: at('frete'),
    desconto: { valor: discount ?? 0, motivo: at('motivo') },
    pagamento: at('pagamento') || 'pix',
    ...(at('pagamento') === 'recebido' ? { recebidoCom: at('recebidoCom') } : {}),
    conferencia: at('conferencia'),
    chave: at('chave'),
  };
}

/** What the total depends on beyond the quote's fingerprint: the delivery, the payment and the discount. */
const terms = (f: Fields) =>
  ['frete', 'pagamento', 'recebidoCom', 'desconto', 'motivo'].map((name) => (f[name] ?? '').trim()).join('|');

/**
 * `/painel/pedidos/novo` (owners and `pedidos`): a sale by phone, WhatsApp or at the counter. "Calcular" prices
 * the lines, quotes the delivery and shows the totals (nothing is kept); "Criar pedido" places it as
 * calculated, and the order's page opens. Works as plain form posts, without JavaScript.
 */
export async function panelNewOrderPage(visit: Visit): Promise<Answer<PanelPage<NewOrderView>>> {
  return panelPage<NewOrderView>(visit, ['pedidos'], async (frame) => {
    const fields = await postedFields(visit.request);
    const empty = { errors: {}, notice: undefined, quote: undefined, cep: undefined };
    if (!fields) {
      const values: Fields = { chave: newKey(), canal: 'telefone', pagamento: 'pix' };
      return { view: { frame, content: { ...empty, values, rows: NEW_ORDER_ROWS } } };
    }
    const rows = filledRows(fields);
    const chave = fields['chave'] ?? '';
    const values: Fields = { ...fields, chave: /^[A-Za-z0-9_-]{16,64}$/.test(chave) ? chave : newKey() };
    const shown = rowsShown(rows, NEW_ORDER_ROWS);
    const fill = await fillFromCep(frame.client, values);
    if (fill) {
      const cep = { status: fill.status, focus: fill.focus };
      const content = { ...empty, values: fill.values, errors: fill.errors, cep, rows: shown };
      return { view: { frame, content } };
    }
    let notice: Notice | undefined;
    let errors: Readonly<Record<string, string>> = {};
    let status: number | undefined;
    const refuse = (error: unknown) => {
      const refused = onOrderForm(refusal(error), rows);
      status = refused.status;
      errors = refused.fields;
      notice = { text: refusalLine(refused), error: true };
    };
    let placeRefused = false;
    if (fields['acao'] === 'criar') {
      // Placed only as last shown: a delivery, payment or discount changed since is calculated and shown first.
      if (terms(values) === fields['calculado'])
        try {
          const placed = await placeHandOrder(frame.client, orderOf(values, rows));
          return redirect(
            `/painel/pedidos/${String(placed.numero)}?feito=${placed.contaNova ? 'criado-conta' : 'criado'}`,
          );
        } catch (error) {
          refuse(error);
          placeRefused = true;
        }
      else
        notice = {
          text: 'Confira o total com a entrega, o pagamento e o desconto escolhidos e clique de novo em "Criar pedido".',
          error: true,
        };
    }
    // Calculated (again, after a refusal: the totals as they are now, to confirm).
    let quote: HandQuote | undefined;
    try {
      quote = await quoteHandOrder(frame.client, orderOf(values, rows));
      values['conferencia'] = quote.conferencia;
      if (!quote.fretes.some((f) => f.id === values['frete'])) values['frete'] = '';
      values['calculado'] = quote.valores.total === undefined ? '' : terms(values);
    } catch (error) {
      // A refusal of the order itself is already said; the quote's own refusal is said when it is the only one.
      if (!placeRefused) refuse(error);
      values['conferencia'] = '';
      values['calculado'] = '';
    }
    return {
      status,
      view: { frame, content: { values, errors, notice, quote, rows: shown, cep: undefined } },
    };
  });
}
