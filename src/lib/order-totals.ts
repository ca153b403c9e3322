// One concern: an order's money as lines a page reads (products, each discount, shipping, total), so the
// shopper's order page, the panel's and the panel's new order say the same lines in the same order.
import type { Pedido } from '#/contract/order.ts';
import { formatBRL } from './money.ts';

export type TotalLine = { label: string; value: string; total?: boolean };

/** `reason`: the team's reason for its discount, shown only in the panel. */
export function orderTotalLines(valores: Pedido['valores'], reason = ''): TotalLine[] {
  const off = (value: number) => `− ${formatBRL(value)}`;
  return [
    { label: 'Produtos', value: formatBRL(valores.subtotal) },
    ...(valores.cupom
      ? [{ label: `Cupom ${valores.cupom.codigo}`, value: off(valores.cupom.desconto) }]
      : []),
    ...(valores.desconto > 0 ? [{ label: 'Desconto à vista', value: off(valores.desconto) }] : []),
    ...(valores.descontoLoja !== undefined
      ? [{ label: `Desconto da loja${reason ? ` (${reason})` : ''}`, value: off(valores.descontoLoja) }]
      : []),
    { label: 'Frete', value: valores.frete === 0 ? 'Grátis' : formatBRL(valores.frete) },
    { label: 'Total', value: formatBRL(valores.total), total: true },
  ];
}
