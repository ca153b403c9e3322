// One concern: the words content may hold in place of a setting's value. The team writes "{desconto-pix} de
// desconto no Pix" in a page, a menu, a popup or the home's description; the platform fills in what the
// settings say when it serves the content, so a text never states a discount, threshold or term the store
// no longer gives.
import { escapeHtml } from '#/lib/escape-html.ts';
import { formatBRL } from '#/lib/money.ts';
import { freeShippingEverywhereFrom } from '#/server/cart/shipping.ts';
import { duration } from '#/server/orders/payments.ts';
import type { OfferedMethod } from '#/server/orders/payments.ts';
import type { StoreSettings } from './settings.ts';

/** What a word may need beyond the settings: the methods the checkout offers now (its providers'). */
export type FillContext = { methods?: OfferedMethod[] | undefined };

type Word = {
  word: string;
  help: string;
  /** Plain text, or (`markup`) HTML the platform writes itself, used only where the content is HTML. */
  value: (s: StoreSettings, context: FillContext) => string;
  markup?: boolean;
};

/** Each word, what it becomes, and what the panel tells the team it is for. */
export const SETTING_WORDS: Word[] = [
  { word: '{loja}', help: 'o nome da loja', value: (s) => s.nomeLoja },
  {
    word: '{desconto-pix}',
    help: 'o desconto do Pix, como "10%"',
    value: (s) => `${s.pagamentos.pix.desconto.toLocaleString('pt-BR')}%`,
  },
  {
    word: '{frete-gratis}',
    help: 'o valor a partir do qual o frete é grátis em todo o Brasil, como "R$ 599,90"',
    value: (s) => formatBRL(freeShippingEverywhereFrom(s)),
  },
  {
    word: '{parcelas-sem-juros}',
    help: 'quantas parcelas sem juros no cartão, como "10x"',
    value: (s) => `${String(s.pagamentos.cartao.parcelamento.semJuros)}x`,
  },
  {
    word: '{prazo-pix}',
    help: 'quanto tempo o pedido espera o Pix, como "30 minutos"',
    value: (s) => duration(s.pagamentos.pix.minutosPagamento),
  },
  {
    word: '{formas-de-pagamento}',
    help: 'a lista das formas de pagamento que o checkout oferece agora, com o desconto e as condições de cada uma',
    value: (s, { methods = [] }) => methodList(s, methods),
    markup: true,
  },
];

/** The offered methods as a list: each with its discount (when it has one) and what the checkout says of it. */
function methodList(settings: StoreSettings, methods: OfferedMethod[]): string {
  if (methods.length === 0) return '<p>No momento a loja não está recebendo pagamentos pelo site.</p>';
  const items = methods.map((m) => {
    const discount = settings.pagamentos[m.id].desconto;
    const off = discount > 0 ? ` (${discount.toLocaleString('pt-BR')}% de desconto)` : '';
    return `<li><strong>${escapeHtml(m.label)}</strong>${off}: ${escapeHtml(m.detalhe)}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

const PATTERN = new RegExp(SETTING_WORDS.map((w) => w.word.replace(/[{}-]/g, '\\$&')).join('|'), 'g');

/**
 * `text` with every setting's word replaced by what the settings say now; in `html` (a page, a menu's label,
 * a popup) the values are escaped as markup.
 */
export function fillSettings(
  text: string,
  settings: StoreSettings,
  html = false,
  context: FillContext = {},
): string {
  if (!text.includes('{')) return text;
  const value = (w: Word) => {
    if (w.markup) return html ? w.value(settings, context) : '';
    return html ? escapeHtml(w.value(settings, context)) : w.value(settings, context);
  };
  return text.replace(PATTERN, (word) => {
    const found = SETTING_WORDS.find((w) => w.word === word);
    return found ? value(found) : word;
  });
}
