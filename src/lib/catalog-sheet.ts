import writeXlsxFile from 'write-excel-file/node';
import { SHEET_COLUMNS } from '#/contract/catalog-sheet.ts';
import type { SheetRow } from '#/contract/catalog-sheet.ts';
import { excelCsv, spreadsheetMoney } from './spreadsheet.ts';

/**
 * The catalogue sheet as the team downloads it (the columns of contract/catalog-sheet.ts, one row per
 * finish): a CSV Excel in Portuguese opens as it is, or an XLSX with prices as numbers. Either one, sent
 * back unchanged, changes nothing.
 */
const HEADINGS = SHEET_COLUMNS.map((c) => c.key);

const cells = (r: SheetRow) =>
  [
    r.sku,
    r.produto,
    r.endereco,
    r.marca,
    r.categoria,
    r.acabamento,
    r.precoDe,
    r.precoPor,
    r.estoque,
    r.ncm,
    r.cest,
    r.origem,
    r.gtin,
    r.versao,
  ] as const;

export const catalogCsv = (rows: readonly SheetRow[]): string =>
  excelCsv(
    HEADINGS,
    rows.map((r) => cells(r).map((v, i) => (i === 6 || i === 7 ? spreadsheetMoney(v as number) : v))),
  );

export async function catalogXlsx(rows: readonly SheetRow[]): Promise<Uint8Array<ArrayBuffer>> {
  const header = HEADINGS.map((value) => ({ value, fontWeight: 'bold' as const }));
  const body = rows.map((r) =>
    cells(r).map((value, i) =>
      typeof value === 'number'
        ? { value, type: Number, ...(i === 6 || i === 7 ? { format: '#,##0.00' } : {}) }
        : { value, type: String },
    ),
  );
  const file = await writeXlsxFile([header, ...body], {
    columns: [14, 48, 40, 16, 28, 18, 12, 12, 10, 11, 10, 8, 16, 24].map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
  return new Uint8Array(file);
}
