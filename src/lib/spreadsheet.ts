import Papa from 'papaparse';

/**
 * A CSV that Excel in Portuguese opens as it is: UTF-8 with a BOM (accents), `;` between fields (the comma
 * is the decimal mark), CRLF lines; money written `1.234,56`. A cell that starts like a formula (`=`, `+`,
 * `-`, `@`) is written as text, so a name typed by a shopper never runs in the team's spreadsheet.
 */
export function excelCsv(fields: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const csv = Papa.unparse(
    {
      fields: [...fields],
      data: rows.map((row) => row.map((cell) => (typeof cell === 'number' ? String(cell) : cell))),
    },
    { delimiter: ';', newline: '\r\n', escapeFormulae: true },
  );
  return `\uFEFF${csv}\r\n`;
}

const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.5 → "1.234,50" (no currency sign: a spreadsheet sums it). */
export const spreadsheetMoney = (value: number): string => decimal.format(value);
