import { staffMe } from '#/api/staff.ts';
import { createClient } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { STAFF_COOKIE, STAFF_SESSION_HEADER } from '#/contract/staff.ts';
import type { Papel, StaffMe } from '#/contract/staff.ts';
import type { Answer } from './answer.ts';
import { refusal } from './answer.ts';
import { safeBack } from './fields.ts';
import type { Fields } from './fields.ts';
import type { Visit } from './visit.ts';

/**
 * What every back-office page shares: the panel's own session (the `painel` cookie, never the shopper's),
 * the way to its login and back, and the role check. The staff API decides; these pages only ask it.
 */

export const PANEL_HOME = '/painel';
export const PANEL_LOGIN = '/painel/entrar';

/** HttpOnly, SameSite=Strict (no other site can post a panel form with it), Secure under https, the panel's paths only. */
export const panelCookieOptions = (url: URL) =>
  ({ path: PANEL_HOME, httpOnly: true, sameSite: 'strict', secure: url.protocol === 'https:' }) as const;

/** The staff API client for this browser's panel session (none: calls answer 401). */
export function panelClient({ url, cookies }: Pick<Visit, 'url' | 'cookies'>): Client {
  const token = cookies.get(STAFF_COOKIE)?.value;
  return createClient(url.origin, undefined, undefined, token ? { [STAFF_SESSION_HEADER]: token } : {});
}

/** A path of the panel to come back to after the login (anything else: the panel's home). */
export const panelBack = (value: string | null | undefined): string => {
  const back = safeBack(value, PANEL_HOME);
  return back === PANEL_HOME || back.startsWith(`${PANEL_HOME}/`) || back.startsWith(`${PANEL_HOME}?`)
    ? back
    : PANEL_HOME;
};

export const panelLoginFor = (url: URL) =>
  `${PANEL_LOGIN}?retorno=${encodeURIComponent(url.pathname + url.search)}`;

/** The panel's sections, as its menu marks them. */
export type PanelSection =
  | 'inicio'
  | 'pedidos'
  | 'mensagens'
  | 'solicitacoes'
  | 'clientes'
  | 'produtos'
  | 'planilha'
  | 'estoque'
  | 'taxonomia'
  | 'avaliacoes'
  | 'cupons'
  | 'equipe'
  | 'atividade'
  | 'retirada'
  | 'paginas'
  | 'banners'
  | 'menus'
  | 'contato'
  | 'frete'
  | 'avisos'
  | 'vitrines'
  | 'configuracoes'
  | 'integracoes'
  | 'envios'
  | 'conta';

/** A panel page's frame: who is logged in, and whether their role opens this page. */
export type PanelFrame = { me: StaffMe; client: Client; allowed: boolean };

/**
 * The member behind this visit, or the way to the login and back. `roles` are the roles the page serves
 * (owners always pass); a member whose role does not is shown the page's refusal (403), not the login.
 */
export async function panelFrame(
  visit: Visit,
  ...roles: Papel[]
): Promise<PanelFrame | { redirect: string }> {
  const client = panelClient(visit);
  try {
    const me = await staffMe(client);
    return { me, client, allowed: me.papel === 'dono' || roles.length === 0 || roles.includes(me.papel) };
  } catch (error) {
    if (refusal(error).status === 401) {
      visit.cookies.delete(STAFF_COOKIE, panelCookieOptions(visit.url));
      return { redirect: panelLoginFor(visit.url) };
    }
    throw error;
  }
}

/** A panel page's answer: its frame, and what it shows (undefined when the role does not open it: 403). */
export type PanelPage<T> = { frame: PanelFrame; content: T | undefined };

/** Run a page for the roles it serves: the login for a guest, a 403 for a wrong role, else `build`. */
export async function panelPage<T>(
  visit: Visit,
  roles: Papel[],
  build: (frame: PanelFrame) => Promise<Answer<PanelPage<T>>>,
): Promise<Answer<PanelPage<T>>> {
  const frame = await panelFrame(visit, ...roles);
  if ('redirect' in frame) return frame;
  if (!frame.allowed) return { view: { frame, content: undefined }, status: 403 };
  return build(frame);
}

/** Filters longer than a search: the orders ticked on a list (`1042,1043,…`, up to 200 of them). */
const FILTER_MAX: Partial<Record<string, number>> = { numeros: 2000 };

/** A list page's filters from its address: the names it reads, each as typed (at most 100 characters). */
export function panelFilters(url: URL, names: readonly string[]): Fields {
  const filters: Fields = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value) filters[name] = value.slice(0, FILTER_MAX[name] ?? 100);
  }
  return filters;
}
