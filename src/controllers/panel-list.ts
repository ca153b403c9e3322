import type { Client } from '#/api/http.ts';
import type { Papel } from '#/contract/staff.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
export { listHref } from '#/lib/panel-list.ts';
export type { FilterField } from '#/lib/panel-list.ts';
import { excelCsv } from '#/lib/spreadsheet.ts';
import { panelFilters, panelFrame, panelPage } from './panel.ts';
import type { PanelFrame, PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

/**
 * The panel's one list page (orders, products, stock, the inbox, and every list to come): filters read from
 * the address (a filtered list is a link to share or reload), the page asked of the staff API, a filter it
 * refuses said above an empty list with the API's status, and a row's own form (a stock saved, a message
 * marked answered) posted to the list and sent back to it. The view is `components/panel/ListPage.astro`.
 */
export type ListView<L> = {
  filters: Fields;
  list: L | undefined;
  notice: Notice | undefined;
};

export type ListSpec<L> = {
  roles: Papel[];
  /** The names of the filters the list reads from its address (`pagina` among them). */
  filters: readonly string[];
  load: (client: Client, filters: Fields) => Promise<L>;
  /**
   * A row's form, posted to the list's address: done, it answers the address to go back to (the list with
   * its filters and what `done` reads to say what happened); refused, the refusal is said above the list.
   */
  post?: (frame: PanelFrame, fields: Fields, filters: Fields) => Promise<string>;
  /** How a refused row's form is said (naming the row: "ABC-1: …"); the API's sentence by default. */
  refused?: (fields: Fields, mensagem: string) => string;
  /** What the address says was just done (rebuilt from what it can trust, never its text). */
  done?: (params: URLSearchParams, frame: PanelFrame) => Notice | undefined;
};

/**
 * The page a list's address asks for, for an API that takes an offset: a whole number from 1 to `max`, else
 * the first page (an address typed by hand never reaches the API as a nonsense offset).
 */
export function pageOf(value: string | undefined, max: number): number {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}

/** The rows ticked for a bulk action (`marcado`, one value per row), at most this many. */
export const TICKED_MAX = 200;

/**
 * A list's posted form: its fields, and the rows ticked for a bulk action (the checkboxes named `marcado`)
 * joined by commas as `marcados`.
 */
async function postedWithTicked(request: Request): Promise<Fields | undefined> {
  if (request.method !== 'POST') return undefined;
  const form = await request.formData().catch(() => undefined);
  const fields = fieldsOf(form);
  const ticked = (form?.getAll('marcado') ?? [])
    .filter((v): v is string => typeof v === 'string' && /^[\w.-]{1,40}$/.test(v))
    .slice(0, TICKED_MAX);
  if (ticked.length > 0) fields['marcados'] = ticked.join(',');
  return fields;
}

export async function panelListPage<L>(
  visit: Visit,
  spec: ListSpec<L>,
): Promise<Answer<PanelPage<ListView<L>>>> {
  return panelPage<ListView<L>>(visit, spec.roles, async (frame) => {
    const filters = panelFilters(visit.url, spec.filters);
    const fields = spec.post ? await postedWithTicked(visit.request) : undefined;
    let notice = spec.done?.(visit.url.searchParams, frame);
    let status: number | undefined;
    if (fields && spec.post)
      try {
        return redirect(await spec.post(frame, fields, filters));
      } catch (error) {
        const refused = refusal(error);
        notice = { text: spec.refused?.(fields, refused.mensagem) ?? refused.mensagem, error: true };
        status = refused.status;
      }
    try {
      const list = await spec.load(frame.client, filters);
      return { status, view: { frame, content: { filters, list, notice } } };
    } catch (error) {
      const refused = refusal(error);
      return {
        status: refused.status,
        view: {
          frame,
          content: { filters, list: undefined, notice: { text: refused.mensagem, error: true } },
        },
      };
    }
  });
}

/** A list's spreadsheet: who may download it, its filters, its columns and how each row reads. */
export type SheetSpec = {
  role: Papel;
  /** The list's filters (`pagina` is left out: the sheet carries every page). */
  filters: readonly string[];
  /** Said with the 403 to a member whose role does not open the list. */
  forbidden: string;
  /** The file's name before the date: `pedidos` → `pedidos-2026-11-27.csv`. */
  name: string;
  fields: readonly string[];
  load: (client: Client, filters: Fields) => Promise<readonly (readonly (string | number)[])[]>;
};

/**
 * `/painel/<list>.csv` with the list's filters: every matching row (not one page) as a spreadsheet Excel in
 * Portuguese opens as it is. A guest goes to the login; a wrong role gets a 403; a refused filter a 400.
 */
export async function panelSpreadsheet(
  visit: Visit,
  spec: SheetSpec,
): Promise<Response | { redirect: string }> {
  const frame = await panelFrame(visit, spec.role);
  if ('redirect' in frame) return frame;
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (!frame.allowed) return text(spec.forbidden, 403);
  const filters = panelFilters(
    visit.url,
    spec.filters.filter((name) => name !== 'pagina'),
  );
  let rows: readonly (readonly (string | number)[])[];
  try {
    rows = await spec.load(frame.client, filters);
  } catch (error) {
    return text(refusal(error).mensagem, 400);
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(excelCsv(spec.fields, rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${spec.name}-${day}.csv"`,
    },
  });
}
