// One concern: a sent spreadsheet file (CSV or XLSX, told apart by its bytes) read into rows of known columns.
import { Unzip, UnzipInflate } from 'fflate';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { SHEET_COLUMNS, SHEET_MAX_ROWS } from '#/contract/catalog-sheet.ts';
import type { SheetColumn } from '#/contract/catalog-sheet.ts';
import { badRequest } from '#/server/errors.ts';
import { normalizeText } from '#/server/lib/text.ts';

export type Cell = string | number;
export type SheetInputRow = { line: number; cells: Partial<Record<SheetColumn, Cell>> };
export type ReadSheet = { columns: SheetColumn[]; ignored: string[]; rows: SheetInputRow[] };

const KNOWN = new Set<string>(SHEET_COLUMNS.map((c) => c.key));
/** Other headings a team's own sheet may use for the same columns. */
const ALIASES: Record<string, SheetColumn> = {
  nome: 'produto',
  nome_do_produto: 'produto',
  slug: 'endereco',
  url: 'endereco',
  preco: 'preco_por',
  preco_original: 'preco_de',
  quantidade: 'estoque',
};

/** `Preço de` → `preco_de`; a heading the store does not read → undefined. */
function columnOf(heading: string): SheetColumn | undefined {
  const key = normalizeText(heading).replace(/ /g, '_');
  return KNOWN.has(key) ? (key as SheetColumn) : ALIASES[key];
}

/** The file's format, from its first bytes: an XLSX is a zip (`PK\3\4`); anything else must be text. */
export const sheetFormat = (bytes: Uint8Array): 'csv' | 'xlsx' =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? 'xlsx' : 'csv';

/** CSV bytes as text: UTF-8 (with or without BOM), else Windows-1252, what Excel in Portuguese saves. */
function csvText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw badRequest('O arquivo não é uma planilha CSV nem XLSX.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** `;`, `,` or a tab: whichever the heading line has most of (a heading never holds one). */
function delimiterOf(text: string): string {
  const heading = text.slice(0, text.search(/\r?\n|$/));
  const count = (d: string) => heading.split(d).length;
  return [';', ',', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ';');
}

function csvRows(bytes: Uint8Array): unknown[][] {
  const text = csvText(bytes);
  return Papa.parse<string[]>(text, { delimiter: delimiterOf(text), skipEmptyLines: false }).data;
}

/** What an XLSX may unpack to: a whole catalogue's sheet is about 30 MB of XML. */
export const XLSX_UNPACKED_MAX = 100 * 1024 * 1024;

/**
 * Whether the zip unpacks within XLSX_UNPACKED_MAX, counted while it inflates (the sizes a zip declares
 * may lie): a few megabytes that would unpack to gigabytes (a zip bomb) are refused before any parsing.
 */
function unpacksWithinLimit(bytes: Uint8Array): boolean {
  let total = 0;
  let over = false;
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error || over) return;
      total += chunk.length;
      if (total > XLSX_UNPACKED_MAX) {
        over = true;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    // A broken zip: the reader below says so.
  }
  return !over;
}

async function xlsxRows(bytes: Uint8Array): Promise<unknown[][]> {
  if (!unpacksWithinLimit(bytes))
    throw badRequest(
      'O arquivo XLSX se expande demais para uma planilha: salve-o de novo e envie outra vez.',
    );
  try {
    return await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw badRequest(
      'O arquivo XLSX não pôde ser lido: salve-o de novo no Excel (formato .xlsx) e envie outra vez.',
    );
  }
}

function cellOf(value: unknown): Cell {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  return typeof value === 'string' ? value.trim() : '';
}

/** The sheet's rows by column (blank rows skipped), or a 400 saying why the file is not a sheet the store reads. */
export async function readSheetFile(bytes: Uint8Array): Promise<ReadSheet> {
  if (bytes.length === 0) throw badRequest('O arquivo está vazio.');
  const table = sheetFormat(bytes) === 'xlsx' ? await xlsxRows(bytes) : csvRows(bytes);
  const [header = [], ...body] = table;
  const positions: [number, SheetColumn][] = [];
  const ignored: string[] = [];
  header.forEach((heading, index) => {
    const text = String(cellOf(heading));
    const column = columnOf(text);
    if (column && !positions.some(([, c]) => c === column)) positions.push([index, column]);
    else if (text) ignored.push(text.slice(0, 60));
  });
  if (!positions.some(([, c]) => c === 'sku'))
    throw badRequest(
      'A primeira linha da planilha precisa ter a coluna "sku" (e as colunas que quer mudar).',
    );
  const rows: SheetInputRow[] = [];
  body.forEach((values, index) => {
    const cells: SheetInputRow['cells'] = {};
    for (const [at, column] of positions) {
      const cell = cellOf(values[at]);
      if (cell !== '') cells[column] = cell;
    }
    if (Object.keys(cells).length > 0) rows.push({ line: index + 2, cells });
  });
  if (rows.length === 0) throw badRequest('A planilha não tem nenhuma linha abaixo dos títulos.');
  if (rows.length > SHEET_MAX_ROWS)
    throw badRequest(
      `A planilha tem ${String(rows.length)} linhas; envie no máximo ${String(SHEET_MAX_ROWS)} por vez.`,
    );
  return { columns: positions.map(([, c]) => c), ignored, rows };
}
