// One concern: the catalogue sheet as the team uses it: export every finish, send a file, see its dry run, apply it.
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { SHEET_REPORT_ROWS } from '#/contract/catalog-sheet.ts';
import type { SheetLine, SheetReport, SheetRow } from '#/contract/catalog-sheet.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import type { Actor } from '#/server/staff/audit.ts';
import { applyPlan, loadCatalogueState } from './apply.ts';
import { planSheet } from './plan.ts';
import type { Plan } from './plan.ts';
import { readSheetFile, sheetFormat } from './read.ts';
import { snapshotCell } from './snapshot.ts';

/** Every finish of the catalogue as a sheet row, product by product, each with what it holds now (`versao`). */
export async function exportSheet(db: Db): Promise<SheetRow[]> {
  const rows = await db
    .select({
      sku: t.variants.sku,
      produto: t.products.name,
      endereco: t.products.slug,
      marca: t.brands.name,
      categoria: t.categories.path,
      acabamento: t.variants.finishLabel,
      precoDe: t.variants.listPrice,
      precoPor: t.variants.price,
      estoque: t.variants.stock,
      ncm: t.variants.ncm,
      cest: t.variants.cest,
      origem: t.variants.origin,
      gtin: t.variants.gtin,
      brandId: t.products.brandId,
      categoryId: t.products.categoryId,
      finish: t.variants.finish,
    })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .innerJoin(t.brands, eq(t.brands.id, t.products.brandId))
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .orderBy(asc(t.products.id), asc(t.variants.position));
  return rows.map(({ brandId, categoryId, finish, ...row }) => ({
    ...row,
    versao: snapshotCell(row.sku, {
      name: row.produto,
      brandId,
      categoryId,
      finish,
      listPrice: row.precoDe,
      price: row.precoPor,
      stock: row.estoque,
      ncm: row.ncm,
      cest: row.cest,
      origin: row.origem,
      gtin: row.gtin,
    }),
  }));
}

/** A file name fit to show: no path, no control characters, at most 120 characters. */
const cleanName = (name: string | undefined) =>
  (name ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 120) || 'planilha';

/** Keep a sent file (read once now, so a file that is no sheet is refused at once) and answer its dry run. */
export async function sendSheet(db: Db, bytes: Uint8Array, fileName: string | undefined, actor: Actor) {
  const read = await readSheetFile(bytes);
  const format = sheetFormat(bytes);
  const id = randomBytes(12).toString('base64url');
  await db.insert(t.catalogImports).values({
    id,
    actor,
    fileName: cleanName(fileName),
    format,
    content: Buffer.from(bytes).toString('base64'),
  });
  const plan = planSheet(read.rows, await loadCatalogueState(db));
  return report(id, cleanName(fileName), false, read.ignored, plan);
}

async function stored(db: Db, id: string) {
  const [row] = /^[\w-]{16}$/.test(id)
    ? await db.select().from(t.catalogImports).where(eq(t.catalogImports.id, id))
    : [];
  if (!row) throw notFound('Planilha não encontrada: envie o arquivo de novo.');
  return { row, read: await readSheetFile(Buffer.from(row.content, 'base64')) };
}

/** A kept sheet's dry run against the catalogue as it is now. */
export async function sheetDryRun(db: Db, id: string): Promise<SheetReport> {
  const { row, read } = await stored(db, id);
  return report(
    row.id,
    row.fileName,
    false,
    read.ignored,
    planSheet(read.rows, await loadCatalogueState(db)),
  );
}

/**
 * Apply a kept sheet: planned again against the catalogue as it is now, so applying twice changes nothing
 * the second time. The answer says what was created, changed and refused.
 */
export async function applySheet(db: Db, id: string, actor: Actor): Promise<SheetReport> {
  const { row, read } = await stored(db, id);
  const plan = planSheet(read.rows, await loadCatalogueState(db));
  await applyPlan(db, plan, actor);
  await db
    .update(t.catalogImports)
    .set({ appliedAt: sql`now()` })
    .where(eq(t.catalogImports.id, row.id));
  return report(row.id, row.fileName, true, read.ignored, plan);
}

function report(
  id: string,
  arquivo: string,
  aplicada: boolean,
  ignoradas: string[],
  plan: ReturnType<typeof planSheet>,
): SheetReport {
  const { lines, totals } = reportLines(plan, SHEET_REPORT_ROWS);
  return { id, arquivo, aplicada, totais: totals, ignoradas, linhas: lines };
}

/** The rows a report lists: refused first, then created and changed, each kind capped; the totals count all. */
function reportLines(
  plan: Plan,
  cap: number,
): { lines: SheetLine[]; totals: Record<'criar' | 'alterar' | 'recusar' | 'iguais', number> } {
  const totals = { criar: 0, alterar: 0, recusar: 0, iguais: 0 };
  const refused: SheetLine[] = [];
  const rest: SheetLine[] = [];
  const listed = { criar: 0, alterar: 0 };
  for (const row of plan.rows) {
    if (row.kind === 'same') totals.iguais++;
    else if (row.kind === 'refuse') {
      totals.recusar++;
      if (refused.length < cap)
        refused.push({ linha: row.line, sku: row.sku, acao: 'recusar', motivo: row.reason });
    } else {
      const acao = row.kind === 'create' ? 'criar' : 'alterar';
      totals[acao]++;
      if (listed[acao]++ < cap) rest.push({ linha: row.line, sku: row.sku, acao, mudancas: row.changes });
    }
  }
  return { lines: [...refused, ...rest], totals };
}
