import type { ApiError } from '#/api/core.ts';
import { refusalInRows } from './answer.ts';
import type { Fields } from './fields.ts';
import { typedNumber } from './panel-coupons.ts';

// What the panel's order forms share (a new order, a correction): the product lines typed as SKU and
// quantity rows, the delivery address, and the platform's refusals said under those fields.

/** The rows of the form with a SKU, in order, by the form's row number. */
export function filledRows(f: Fields): number[] {
  const rows: number[] = [];
  for (let row = 0; row < 20; row++) if ((f[`sku-${String(row)}`] ?? '').trim()) rows.push(row);
  return rows;
}

/** Rows to show: the filled ones and a few empty ones (at least `least`, at most 20). */
export const rowsShown = (rows: number[], least: number) =>
  Math.min(20, Math.max(least, (rows.at(-1) ?? -1) + 3));

/** The lines of the filled rows, as the staff API takes them (a quantity left empty is one). */
export const linesOf = (f: Fields, rows: number[]) =>
  rows.map((row) => ({
    sku: f[`sku-${String(row)}`] ?? '',
    quantidade: typedNumber(f[`quantidade-${String(row)}`]) ?? 1,
  }));

/** The delivery address fields, as the staff API takes them. */
export const addressOf = (f: Fields) => ({
  destinatario: f['destinatario'] ?? '',
  cep: f['cep'] ?? '',
  logradouro: f['logradouro'] ?? '',
  numero: f['numero'] ?? '',
  complemento: f['complemento'] ?? '',
  bairro: f['bairro'] ?? '',
  cidade: f['cidade'] ?? '',
  uf: f['uf'] ?? '',
});

/** A refusal said under the form's own fields (`cliente.email` → `email`, `itens.2.sku` → `sku-5`). */
export const onOrderForm = (error: ApiError, rows: number[]) =>
  refusalInRows(
    error,
    'itens',
    (index) => (rows[Number(index)] === undefined ? undefined : String(rows[Number(index)])),
    (key) => key.replace(/^(cliente|endereco|desconto)\./, ''),
  );
