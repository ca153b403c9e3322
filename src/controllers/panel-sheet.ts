import { ApiError } from '#/api/core.ts';
import { applyCatalogSheet, catalogSheetDryRun, sendCatalogSheet, staffSheet } from '#/api/staff.ts';
import { SHEET_MAX_BYTES, SHEET_TOO_LARGE } from '#/contract/catalog-sheet.ts';
import type { SheetReport } from '#/contract/catalog-sheet.ts';
import { catalogCsv, catalogXlsx } from '#/lib/catalog-sheet.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { panelFrame, panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export const SHEET_PAGE = '/painel/produtos/planilha';
export type SheetView = { report: SheetReport | undefined; notice: Notice | undefined };

const ID = /^[\w-]{16}$/;
const GONE = 'Planilha não encontrada: envie o arquivo de novo.';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The line after an apply, rebuilt from the address's numbers (never its text). */
function appliedNotice(params: URLSearchParams): Notice | undefined {
  if (params.get('feito') !== 'aplicada') return undefined;
  const [made, changed, refused] = ['criados', 'alterados', 'recusados'].map((k) => params.get(k) ?? '');
  if (![made, changed, refused].every((n) => /^\d{1,6}$/.test(n ?? ''))) return undefined;
  return {
    text: `Planilha aplicada: ${made ?? ''} criado(s), ${changed ?? ''} alterado(s), ${refused ?? ''} linha(s) recusada(s) ficaram de fora. Abaixo, o que ela ainda mudaria (nada, se tudo entrou).`,
    error: false,
  };
}

/** The posted sheet: its bytes, within the size the platform takes, or the reason it cannot be sent. */
async function postedSheet(
  form: FormData | undefined,
): Promise<{ name: string; bytes: Uint8Array<ArrayBuffer> } | string> {
  const file = form?.get('planilha');
  if (!(file instanceof File) || file.size === 0) return 'Escolha o arquivo da planilha (CSV ou XLSX).';
  if (file.size > SHEET_MAX_BYTES) return SHEET_TOO_LARGE;
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * `/painel/produtos/planilha` (`catalogo` and owners): download the catalogue as CSV or XLSX; send one
 * back to see, row by row, what it would create, change and refuse (nothing is written); then apply it.
 */
export async function panelSheetPage(visit: Visit): Promise<Answer<PanelPage<SheetView>>> {
  return panelPage<SheetView>(visit, ['catalogo'], async (frame) => {
    const id = visit.url.searchParams.get('importacao') ?? '';
    let notice: Notice | undefined;
    let status: number | undefined;
    if (visit.request.method === 'POST') {
      const form = await visit.request.formData().catch(() => undefined);
      const sent = form?.get('importacao');
      try {
        if (form?.get('acao') === 'aplicar') {
          if (typeof sent !== 'string' || !ID.test(sent)) throw new ApiError(404, 'planilha', GONE);
          const applied = await applyCatalogSheet(frame.client, sent);
          const back = new URLSearchParams({
            importacao: applied.id,
            feito: 'aplicada',
            criados: String(applied.totais.criar),
            alterados: String(applied.totais.alterar),
            recusados: String(applied.totais.recusar),
          });
          return redirect(`${SHEET_PAGE}?${back.toString()}`);
        }
        const sheet = await postedSheet(form);
        if (typeof sheet === 'string') {
          notice = { text: sheet, error: true };
          status = 400;
        } else {
          const type = sheet.name.toLowerCase().endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
          const report = await sendCatalogSheet(frame.client, { type, bytes: sheet.bytes }, sheet.name);
          return redirect(`${SHEET_PAGE}?importacao=${report.id}`);
        }
      } catch (error) {
        const refused = refusal(error);
        notice = { text: refused.mensagem, error: true };
        status = refused.status;
      }
      return { status, view: { frame, content: { report: undefined, notice } } };
    }
    notice = appliedNotice(visit.url.searchParams);
    if (!id) return { view: { frame, content: { report: undefined, notice } } };
    try {
      if (!ID.test(id)) throw new Error('bad id');
      return { view: { frame, content: { report: await catalogSheetDryRun(frame.client, id), notice } } };
    } catch (error) {
      const refused = refusal(error);
      const away = refused.status >= 500;
      return {
        status: away ? refused.status : 404,
        view: {
          frame,
          content: { report: undefined, notice: { text: away ? refused.mensagem : GONE, error: true } },
        },
      };
    }
  });
}

/** `/painel/produtos/planilha.csv` and `.xlsx`: every finish of the catalogue, as the import reads it back. */
export async function panelSheetExport(
  visit: Visit,
  format: 'csv' | 'xlsx',
): Promise<Response | { redirect: string }> {
  const frame = await panelFrame(visit, 'catalogo');
  if ('redirect' in frame) return frame;
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (!frame.allowed) return text('Seu papel na equipe não dá acesso ao catálogo.', 403);
  let rows;
  try {
    rows = await staffSheet(frame.client);
  } catch (error) {
    const refused = refusal(error);
    return text(refused.mensagem, refused.status >= 500 ? refused.status : 400);
  }
  const day = new Date().toISOString().slice(0, 10);
  const file = `catalogo-${day}.${format}`;
  const headers = {
    'Content-Disposition': `attachment; filename="${file}"`,
    'Cache-Control': 'no-store',
  };
  return format === 'csv'
    ? new Response(catalogCsv(rows), { headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } })
    : new Response(await catalogXlsx(rows), { headers: { ...headers, 'Content-Type': XLSX_TYPE } });
}
