// One concern: a sent spreadsheet file (CSV or XLSX, told apart by its bytes) read into rows of known columns.
import { Unzip, UnzipInflate } from 'fflate';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { SHEET_COLUMNS, SHEET_MAX_ROWS } from '#/contract/catalog-sheet.ts';
import type { SheetColumn } from '#/contract/catalog-sheet.ts';
import { badRequest } from '#/server/errors.ts';
import { normalizeText } from '#/server/lib/text.ts';

export type Cell = string | number;
export type SheetInputRow = {
  line: number;
  cells: Partial<Record<SheetColumn, Cell>>;
  /** Columns whose cell in an XLSX is a formula (only its cached result was read): the row is refused. */
  formulas?: SheetColumn[];
};
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
  ean: 'gtin',
  codigo_de_barras: 'gtin',
  origem_da_mercadoria: 'origem',
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

/** One row of the file, as it is read; answers false to stop reading. */
type RowVisitor = (values: unknown[]) => boolean;

/** Physical lines a CSV may have (cells may hold line breaks): past this, it is refused unread. */
const CSV_LINES_MAX = SHEET_MAX_ROWS * 4;

/** Whether `text` has more than `max` line breaks, counted without splitting it. */
function moreLinesThan(text: string, max: number): boolean {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1))
    if (++lines > max) return true;
  return false;
}

/**
 * The CSV's rows, one at a time as Papa Parse reads them, none kept here. Papa splits a text without
 * quotes into an array of every line at once, so a text of millions of lines (blank ones cost nothing to
 * send) is refused before it is parsed: false then.
 */
function eachCsvRow(bytes: Uint8Array, visit: RowVisitor): boolean {
  const text = csvText(bytes);
  if (moreLinesThan(text, CSV_LINES_MAX)) return false;
  Papa.parse<string[]>(text, {
    delimiter: delimiterOf(text),
    skipEmptyLines: false,
    step: (result, parser) => {
      if (!visit(result.data)) parser.abort();
    },
  });
  return true;
}

/** What an XLSX may unpack to: a whole catalogue's sheet is about 30 MB of XML. */
export const XLSX_UNPACKED_MAX = 100 * 1024 * 1024;
/**
 * The zip is fed to the inflater this many bytes at a time: one step can unpack to at most about a
 * thousand times its size (DEFLATE's limit), so memory stays near 4 MB however the file was made.
 */
const INFLATE_STEP = 4 * 1024;

/** A cell's opening tag is shorter than this: a longer tail is no tag to carry. */
const TAG_MAX = 256;

/** Formula cells of the first worksheet, by row number (1 = the heading), as column indexes (0 = A). */
export type FormulaCells = Map<number, Set<number>>;

/** `AB` → 27 (0-based: A is 0). */
function columnIndex(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + letters.charCodeAt(i) - 64;
  return n - 1;
}

/**
 * Reads a worksheet's XML as it inflates and notes each cell holding a formula (`<c r="B4"><f>…`), so the
 * store never takes a formula's cached result for a value someone typed. A tag split across chunks is
 * carried to the next one (a chunk is cut at its last `<`, at most TAG_MAX characters back).
 */
function formulaScanner(found: FormulaCells) {
  let carry = '';
  let cell: { row: number; column: number } | undefined;
  const decoder = new TextDecoder();
  return (chunk: Uint8Array, final: boolean) => {
    const text = carry + decoder.decode(chunk, { stream: !final });
    // What is carried is at most a tag's start: text with no `<` near its end (a bomb's filler) carries nothing.
    const last = text.lastIndexOf('<');
    const cut = final || last < 0 || text.length - last > TAG_MAX ? text.length : last;
    carry = text.slice(cut);
    for (const m of text.slice(0, cut).matchAll(/<c\s[^>]*?\br="([A-Z]{1,3})(\d{1,7})"|<f[\s>/]/g)) {
      if (m[1] && m[2]) cell = { row: Number(m[2]), column: columnIndex(m[1]) };
      else if (cell) {
        const columns = found.get(cell.row) ?? new Set<number>();
        columns.add(cell.column);
        found.set(cell.row, columns);
      }
    }
  };
}

/**
 * Whether the zip unpacks within XLSX_UNPACKED_MAX, counted while it inflates (the sizes a zip declares
 * may lie): a few megabytes that would unpack to gigabytes (a zip bomb) are refused as soon as the
 * count passes the ceiling, long before they are unpacked, and before any parsing. The first worksheet's
 * formula cells are noted in `formulas` on the way.
 */
export function unpacksWithinLimit(
  bytes: Uint8Array,
  max = XLSX_UNPACKED_MAX,
  formulas: FormulaCells = new Map(),
): boolean {
  // Changed inside the callback: an object, so the loop below reads it as it is now.
  const count = { total: 0, over: false };
  const unzip = new Unzip((file) => {
    const scan = file.name === 'xl/worksheets/sheet1.xml' ? formulaScanner(formulas) : undefined;
    file.ondata = (error, chunk, final) => {
      if (error || count.over) return;
      count.total += chunk.length;
      if (count.total > max) {
        count.over = true;
        file.terminate();
        return;
      }
      scan?.(chunk, final);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !count.over; at += INFLATE_STEP)
      unzip.push(bytes.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= bytes.length);
  } catch {
    // A broken zip: the reader below says so.
  }
  return !count.over;
}

async function eachXlsxRow(bytes: Uint8Array, visit: RowVisitor, formulas: FormulaCells): Promise<void> {
  if (!unpacksWithinLimit(bytes, XLSX_UNPACKED_MAX, formulas))
    throw badRequest(
      'O arquivo XLSX se expande demais para uma planilha: salve-o de novo e envie outra vez.',
    );
  let table: unknown[][];
  try {
    table = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw badRequest(
      'O arquivo XLSX não pôde ser lido: salve-o de novo no Excel (formato .xlsx) e envie outra vez.',
    );
  }
  for (const values of table) if (!visit(values)) return;
}

function cellOf(value: unknown): Cell {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  return typeof value === 'string' ? value.trim() : '';
}

/** Lines read, blank ones included, past which a file is no sheet of SHEET_MAX_ROWS rows: reading stops there. */
const LINES_MAX = SHEET_MAX_ROWS * 2;
const TOO_MANY = `A planilha passa de ${SHEET_MAX_ROWS.toLocaleString('pt-BR')} linhas: envie no máximo ${SHEET_MAX_ROWS.toLocaleString('pt-BR')} por vez.`;

/** Which column each heading is (the first of a column counts), and the headings the store does not read. */
function headings(header: unknown[]): { positions: [number, SheetColumn][]; ignored: string[] } {
  const positions: [number, SheetColumn][] = [];
  const ignored: string[] = [];
  header.forEach((heading, index) => {
    const text = String(cellOf(heading));
    const column = columnOf(text);
    if (column && !positions.some(([, c]) => c === column)) positions.push([index, column]);
    else if (text) ignored.push(text.slice(0, 60));
  });
  return { positions, ignored };
}

/**
 * The sheet's rows by column (blank rows skipped), or a 400 saying why the file is not a sheet the store
 * reads. Rows are counted as they are read, and reading stops at the first row (or line) too many.
 */
export async function readSheetFile(bytes: Uint8Array): Promise<ReadSheet> {
  if (bytes.length === 0) throw badRequest('O arquivo está vazio.');
  let head: ReturnType<typeof headings> | undefined;
  const rows: SheetInputRow[] = [];
  let lines = 0;
  const state = { tooMany: false };
  const formulas: FormulaCells = new Map();
  const visit: RowVisitor = (values) => {
    lines += 1;
    if (!head) {
      head = headings(values);
      // Without the SKU nothing below is read.
      return head.positions.some(([, c]) => c === 'sku');
    }
    const cells: SheetInputRow['cells'] = {};
    for (const [at, column] of head.positions) {
      const cell = cellOf(values[at]);
      if (cell !== '') cells[column] = cell;
    }
    const inFormula = head.positions.filter(([at]) => formulas.get(lines)?.has(at)).map(([, c]) => c);
    if (Object.keys(cells).length > 0 || inFormula.length > 0)
      rows.push({ line: lines, cells, ...(inFormula.length > 0 ? { formulas: inFormula } : {}) });
    state.tooMany = rows.length > SHEET_MAX_ROWS || lines > LINES_MAX;
    return !state.tooMany;
  };
  if (sheetFormat(bytes) === 'xlsx') await eachXlsxRow(bytes, visit, formulas);
  else if (!eachCsvRow(bytes, visit)) throw badRequest(TOO_MANY);
  if (!head?.positions.some(([, c]) => c === 'sku'))
    throw badRequest(
      'A primeira linha da planilha precisa ter a coluna "sku" (e as colunas que quer mudar).',
    );
  if (state.tooMany) throw badRequest(TOO_MANY);
  if (rows.length === 0) throw badRequest('A planilha não tem nenhuma linha abaixo dos títulos.');
  return { columns: head.positions.map(([, c]) => c), ignored: head.ignored, rows };
}
