import type { Client } from '#/api/http.ts';
import type { Papel } from '#/contract/staff.ts';
import type { Answer, Notice } from './answer.ts';
import { refusal } from './answer.ts';
import type { Fields } from './fields.ts';
export { listHref } from '#/lib/panel-list.ts';
export type { FilterField } from '#/lib/panel-list.ts';
import { panelFilters, panelPage } from './panel.ts';
import type { PanelFrame, PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

/**
 * The panel's one list page (orders, products, stock, and every list to come): filters read from the address
 * (a filtered list is a link to share or reload), the page asked of the staff API, and a filter it refuses
 * said above an empty list with the API's status. The view is `components/panel/ListPage.astro`.
 */
export type ListView<L, X = undefined> = {
  filters: Fields;
  list: L | undefined;
  notice: Notice | undefined;
  /** What else the page shows beside the list (a save's notice, options for its filters). */
  extra: X;
};

export type ListSpec<L, X> = {
  roles: Papel[];
  /** The names of the filters the list reads from its address (`pagina` among them). */
  filters: readonly string[];
  load: (client: Client, filters: Fields) => Promise<L>;
  /** Anything else the page needs, read beside the list (a posted row, a notice from the address). */
  extra?: (frame: PanelFrame, filters: Fields) => Promise<{ extra: X; notice?: Notice; status?: number }>;
};

export async function panelListPage<L, X = undefined>(
  visit: Visit,
  spec: ListSpec<L, X>,
): Promise<Answer<PanelPage<ListView<L, X>>>> {
  return panelPage<ListView<L, X>>(visit, spec.roles, async (frame) => {
    const filters = panelFilters(visit.url, spec.filters);
    const side = spec.extra ? await spec.extra(frame, filters) : { extra: undefined as X };
    try {
      const list = await spec.load(frame.client, filters);
      return {
        status: side.status,
        view: { frame, content: { filters, list, notice: side.notice, extra: side.extra } },
      };
    } catch (error) {
      const refused = refusal(error);
      return {
        status: refused.status,
        view: {
          frame,
          content: {
            filters,
            list: undefined,
            notice: { text: refused.mensagem, error: true },
            extra: side.extra,
          },
        },
      };
    }
  });
}
