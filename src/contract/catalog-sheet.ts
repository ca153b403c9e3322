import { z } from 'zod';

/**
 * The catalogue as a spreadsheet (our extension, `catalogo` and owners): one row per finish keyed by SKU.
 * `GET /v2/admin/catalog/sheet` gives every row; `POST /v2/admin/catalog/imports` takes a CSV or XLSX file
 * (the raw bytes, `?arquivo=` its name) and answers its dry run; `POST /v2/admin/catalog/imports/{id}/apply`
 * applies that same file. A row creates what is new and changes what differs; an empty cell changes nothing.
 */

/** The sheet's columns, in the order an export writes them, with what the team reads in the panel. */
export const SHEET_COLUMNS = [
  { key: 'sku', label: 'SKU do acabamento (a chave de cada linha).' },
  { key: 'produto', label: 'Nome do produto.' },
  {
    key: 'endereco',
    label: 'Endereço do produto (ex.: torneira-gourmet-preta); liga um SKU novo ao produto.',
  },
  { key: 'marca', label: 'Nome da marca, como cadastrada.' },
  { key: 'categoria', label: 'Caminho da categoria (ex.: /cozinha/torneiras/) ou o seu nome.' },
  { key: 'acabamento', label: 'Acabamento: Cromado, Preto Fosco, Dourado Escovado…' },
  { key: 'preco_de', label: 'Preço "de" (riscado), em reais: 1.234,56 ou 1234.56.' },
  { key: 'preco_por', label: 'Preço "por" (o que o cliente paga), em reais.' },
  { key: 'estoque', label: 'Unidades em estoque (número inteiro).' },
  { key: 'ncm', label: 'NCM do acabamento, para a NF-e: 8 dígitos (ex.: 8481.80.19).' },
  { key: 'cest', label: 'CEST, só para mercadorias com substituição tributária: 7 dígitos.' },
  { key: 'origem', label: 'Origem da mercadoria, para a NF-e: 0 (nacional) a 8.' },
  { key: 'gtin', label: 'GTIN/EAN do acabamento (código de barras, com o dígito verificador).' },
  {
    key: 'versao',
    label:
      'Não altere: o que a linha tinha ao ser baixada. Uma célula que você não mudou não desfaz o que mudou na loja depois (uma venda, um preço).',
  },
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number]['key'];

/** The one staff call whose body is a file (the sheet's bytes), not JSON. */
export const SHEET_UPLOAD_PATH = '/v2/admin/catalog/imports';

/** Larger than the whole catalogue of 10,000 products (22,000 rows, 4.2 MB as CSV); refused while it streams beyond. */
export const SHEET_MAX_BYTES = 8 * 1024 * 1024;
export const SHEET_MAX_ROWS = 50_000;
/** What the team is told of a sheet past SHEET_MAX_BYTES (the panel, the staff API). */
export const SHEET_TOO_LARGE = `A planilha passa de ${String(SHEET_MAX_BYTES / 1024 / 1024)} MB: divida-a em arquivos menores.`;
/** How many rows of each kind a dry run lists (the totals count them all). */
export const SHEET_REPORT_ROWS = 300;

export const sheetRowSchema = z.object({
  sku: z.string(),
  produto: z.string(),
  endereco: z.string(),
  marca: z.string(),
  categoria: z.string(),
  acabamento: z.string(),
  precoDe: z.number(),
  precoPor: z.number(),
  estoque: z.number().int(),
  ncm: z.string(),
  cest: z.string(),
  origem: z.number().int(),
  gtin: z.string(),
  /** What the row held when downloaded (opaque): sent back, only the cells changed since count. */
  versao: z.string(),
});
export type SheetRow = z.infer<typeof sheetRowSchema>;

/** `GET /v2/admin/catalog/sheet`: every finish of the catalogue, by product then finish. */
export const sheetExportSchema = z.object({ linhas: z.array(sheetRowSchema) });

export const mudancaSchema = z.object({ campo: z.string(), antes: z.string(), depois: z.string() });

export const sheetLineSchema = z.object({
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  linha: z.number().int(),
  sku: z.string(),
  acao: z.enum(['criar', 'alterar', 'recusar']),
  /** Why a row is refused. */
  motivo: z.string().optional(),
  /** What a row creates or changes, field by field. */
  mudancas: z.array(mudancaSchema).optional(),
});
export type SheetLine = z.infer<typeof sheetLineSchema>;

export const sheetReportSchema = z.object({
  id: z.string(),
  arquivo: z.string(),
  /** False for a dry run; true once applied (then the counts say what was done). */
  aplicada: z.boolean(),
  totais: z.object({
    criar: z.number().int(),
    alterar: z.number().int(),
    recusar: z.number().int(),
    iguais: z.number().int(),
  }),
  /** Columns the sheet has that the store does not read. */
  ignoradas: z.array(z.string()),
  /** Refused rows first, then created and changed ones, each kind up to SHEET_REPORT_ROWS. */
  linhas: z.array(sheetLineSchema),
});
export type SheetReport = z.infer<typeof sheetReportSchema>;
