// One concern: a sheet cell read as what its column holds (money, stock, address, name), or a refusal saying why.
import type { SheetColumn } from '#/contract/catalog-sheet.ts';
import type { Cell } from './read.ts';
import { formatBRL } from '#/lib/money.ts';

const MONEY_MAX = 1_000_000;
const STOCK_MAX = 9_999_999;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CONTROL = /[\u0000-\u001f\u007f]/;

/** A row the sheet cannot take, with the Portuguese reason the dry run shows. */
export class Refusal extends Error {}
export const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/** `1.234,56`, `1234,56`, `1234.56`, `R$ 99,90` or a spreadsheet number → reais, or a refusal naming the column. */
export function parseMoney(cell: Cell, label: string): number {
  let value: number;
  if (typeof cell === 'number') value = cell;
  else {
    const text = cell.replace(/^R\$\s*/i, '').replace(/\s/g, '');
    let plain: string | undefined;
    if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) plain = text.replace(/\./g, '').replace(',', '.');
    // `12,345` alone is refused: a decimal comma with a digit too many, more likely than thousands.
    else if (/^\d{1,3}(,\d{3})+\.\d{1,2}$/.test(text)) plain = text.replace(/,/g, '');
    else if (/^\d+([.,]\d{1,2})?$/.test(text)) plain = text.replace(',', '.');
    value = plain === undefined ? Number.NaN : Number(plain);
  }
  if (!Number.isFinite(value) || Math.round(value * 100) !== Math.round(value * 1e6) / 1e4)
    refuse(`${label} inválido: "${String(cell).slice(0, 30)}" (use 1.234,56 ou 1234.56).`);
  if (value <= 0 || value > MONEY_MAX)
    refuse(`${label} fora do intervalo: use de R$ 0,01 a ${formatBRL(MONEY_MAX)}.`);
  return Math.round(value * 100) / 100;
}

export function parseStock(cell: Cell): number {
  const text = typeof cell === 'number' ? String(cell) : cell.replace(/\./g, '');
  if (!/^\d{1,7}$/.test(text) || Number(text) > STOCK_MAX)
    refuse(`Estoque inválido: "${String(cell).slice(0, 30)}" (use um número inteiro de 0 a 9.999.999).`);
  return Number(text);
}

/** `/torneira-x.html`, `https://loja/torneira-x.html` or `torneira-x` → `torneira-x`. */
export function parseSlug(cell: Cell): string {
  const text = String(cell)
    .trim()
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/^\/+/, '')
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  if (!SLUG.test(text) || text.length > 150)
    refuse(`Endereço inválido: "${String(cell).slice(0, 40)}" (use letras minúsculas, números e hífens).`);
  return text;
}

export function parseName(cell: Cell): string {
  const name = String(cell).replace(/\s+/g, ' ').trim();
  if (CONTROL.test(String(cell))) refuse('O nome do produto tem caracteres inválidos.');
  if (name.length < 3 || name.length > 150) refuse('O nome do produto deve ter de 3 a 150 caracteres.');
  return name;
}

/** Text columns a formula could hide in. */
const TEXT_COLUMNS = ['produto', 'endereco', 'marca', 'categoria', 'acabamento'] as const;
const FORMULA_START = /^[=+\-@]/;

/**
 * The row's cells with the CSV export's escaping undone (`'=…` was written for a text starting like a
 * formula) and text that starts like a formula (`=HYPERLINK(…)`, `+SUM(…)`, `@…`, `-2+3`) refused, unless
 * it is the product's name as the store already holds it.
 */
export function withoutFormulas(
  cells: Partial<Record<SheetColumn, Cell>>,
  currentName: string | undefined,
): Partial<Record<SheetColumn, Cell>> {
  const out = { ...cells };
  for (const column of TEXT_COLUMNS) {
    const cell = out[column];
    if (typeof cell !== 'string') continue;
    const text = /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
    out[column] = text;
    if (FORMULA_START.test(text) && !(column === 'produto' && text === currentName))
      refuse(
        `A coluna ${column} começa como uma fórmula ("${text.slice(0, 30)}"): a loja não aceita fórmulas. Escreva o texto sem =, +, - ou @ no início.`,
      );
  }
  return out;
}
