// One concern: a sheet row's fiscal cells (NCM, CEST, origin, GTIN) read, and what they change on a finish.
import { CEST_MESSAGE, cestOf, GTIN_MESSAGE, NCM_MESSAGE, ncmOf, validGtin } from '#/contract/invoices.ts';
import type { SheetColumn } from '#/contract/catalog-sheet.ts';
import { refuse } from './cells.ts';
import type { Cell } from './read.ts';

/** What an NF-e says of a finish. */
export type FiscalFields = { ncm: string; cest: string; origin: number; gtin: string };

/** A cell as the text it holds (a number cell as its digits: an NCM typed as 84818019 in Excel). */
const text = (cell: Cell) => (typeof cell === 'number' ? String(cell) : cell.trim());

/** The row's fiscal cells, read (an empty cell is absent: the store's value stands), or a refusal. */
export function readFiscal(c: Partial<Record<SheetColumn, Cell>>): Partial<FiscalFields> {
  const read: Partial<FiscalFields> = {};
  if (c.ncm !== undefined) {
    const typed = text(c.ncm);
    // A spreadsheet that took the NCM for a number dropped its leading zero: said, never guessed.
    if (/^\d{7}$/.test(typed))
      refuse(
        `NCM com 7 dígitos (${typed}): se ele começa com 0, a planilha tirou o zero; escreva-o como texto.`,
      );
    read.ncm = ncmOf(typed) ?? refuse(NCM_MESSAGE);
  }
  if (c.cest !== undefined) read.cest = cestOf(text(c.cest)) ?? refuse(CEST_MESSAGE);
  if (c.origem !== undefined) {
    const typed = text(c.origem);
    if (!/^[0-8]$/.test(typed)) refuse('Origem: informe um número de 0 (nacional) a 8.');
    read.origin = Number(typed);
  }
  if (c.gtin !== undefined) {
    const typed = text(c.gtin);
    if (!validGtin(typed)) refuse(GTIN_MESSAGE);
    read.gtin = typed;
  }
  return read;
}

const LABELS: Record<keyof FiscalFields, string> = {
  ncm: 'NCM',
  cest: 'CEST',
  origin: 'Origem',
  gtin: 'GTIN',
};

/** The fiscal fields a row gives a finish that differ from what it holds (all of them for a new one). */
export function fiscalChanges(
  given: Partial<FiscalFields>,
  existing: FiscalFields | undefined,
  note: (campo: string, antes: string, depois: string) => void,
): Partial<FiscalFields> {
  const set: Partial<FiscalFields> = {};
  for (const field of ['ncm', 'cest', 'origin', 'gtin'] as const) {
    const value = given[field];
    if (value === undefined || existing?.[field] === value) continue;
    Object.assign(set, { [field]: value });
    note(LABELS[field], existing ? String(existing[field]) : '', String(value));
  }
  return set;
}
