import { saveMenu, staffMenu, staffMenus } from '#/api/staff-menus.ts';
import { MENU_ITEMS_MAX } from '#/contract/menus.ts';
import type { MenuDetail, MenuEntry, MenuList } from '#/contract/menus.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalInRows, refusalLine, rowsByIndex } from './answer.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

type FormView = FormOutcome | { values: Fields; errors: Record<string, never> };

export type MenusView = { lista: MenuList };
export type MenuEditView = {
  detalhe: MenuDetail;
  form: FormView;
  /** How many rows the form has: the menu's links and a few empty ones to add. */
  linhas: number;
  notice: Notice | undefined;
};

/** Empty rows under the menu's links, to add new ones. */
const BLANK_ROWS = 3;

/** `/painel/menus` (owners and `conteudo`): the store's menus, each with how many links it has. */
export async function panelMenusPage(visit: Visit): Promise<Answer<PanelPage<MenusView>>> {
  return panelPage(visit, ['conteudo'], async (frame) => ({
    view: { frame, content: { lista: await staffMenus(frame.client) } },
  }));
}

/** A menu's links as the form's rows (`texto-0`, `link-0`…), in order. */
const valuesOf = (detalhe: MenuDetail): Fields =>
  Object.fromEntries(
    detalhe.menu.itens.flatMap((item, row) => [
      [`id-${String(row)}`, String(item.id)],
      [`texto-${String(row)}`, item.texto],
      [`link-${String(row)}`, item.link],
      [`novaAba-${String(row)}`, item.novaAba ? 'on' : ''],
      [`posicao-${String(row)}`, String(row + 1)],
    ]),
  );

/**
 * The rows as the staff API takes them: empty rows and those ticked to remove left out, the rest in the
 * order of their "Posição" (ties keep the rows' order). Answers each sent entry's row, to say a refusal there.
 */
function entriesOf(fields: Fields, rows: number): { itens: MenuEntry[]; rowOf: number[] } {
  const kept = Array.from({ length: rows }, (_, row) => row).flatMap((row) => {
    const at = (name: string) => fields[`${name}-${String(row)}`] ?? '';
    const id = /^[1-9]\d{0,8}$/.test(at('id')) ? Number(at('id')) : null;
    if (at('remover') === 'on' || (id === null && at('texto').trim() === '' && at('link').trim() === ''))
      return [];
    const place = Number(at('posicao').replace(',', '.'));
    return [
      {
        row,
        place: Number.isFinite(place) && at('posicao').trim() !== '' ? place : row + 1,
        entry: { id, texto: at('texto'), link: at('link'), novaAba: at('novaAba') === 'on' },
      },
    ];
  });
  kept.sort((a, b) => a.place - b.place || a.row - b.row);
  return { itens: kept.map((k) => k.entry), rowOf: kept.map((k) => k.row) };
}

const DONE: Partial<Record<string, string>> = {
  salvo: 'Menu salvo. A loja mostra os links novos em até um minuto.',
};

/**
 * `/painel/menus/{hash}` (owners and `conteudo`): one menu's links, each with its text, where it leads,
 * whether it opens a new tab, its position, and a box to remove it; empty rows add new ones. Its history.
 */
export async function panelMenuEditor(
  visit: Visit,
  param: string | undefined,
): Promise<Answer<PanelPage<MenuEditView | null>>> {
  return panelPage<MenuEditView | null>(visit, ['conteudo'], async (frame) => {
    if (!/^[a-z0-9-]{1,60}$/.test(param ?? '')) return { status: 404, view: { frame, content: null } };
    const hash = param ?? '';
    let detalhe: MenuDetail;
    try {
      detalhe = await staffMenu(frame.client, hash);
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
    const linhas = Math.min(detalhe.menu.itens.length + BLANK_ROWS, MENU_ITEMS_MAX + BLANK_ROWS);
    const fields = await postedFields(visit.request);
    if (!fields) {
      const aviso = DONE[visit.url.searchParams.get('aviso') ?? ''];
      const notice = aviso ? { text: aviso, error: false } : undefined;
      return {
        view: {
          frame,
          content: { detalhe, form: { values: valuesOf(detalhe), errors: {} }, linhas, notice },
        },
      };
    }
    const rows = Math.min(Number(fields['linhas'] ?? 0) || linhas, MENU_ITEMS_MAX + BLANK_ROWS);
    const { itens, rowOf } = entriesOf(fields, rows);
    try {
      await saveMenu(frame.client, hash, { itens });
      return redirect(`/painel/menus/${hash}?aviso=salvo`);
    } catch (error) {
      const refused = refusalInRows(refusal(error), 'itens', rowsByIndex(rowOf));
      const notice = { text: refusalLine(refused), error: true };
      const form = { values: fields, errors: refused.fields, notice, status: refused.status };
      return { status: refused.status, view: { frame, content: { detalhe, form, linhas: rows, notice } } };
    }
  });
}
