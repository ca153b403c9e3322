import { staffDashboard, staffSetup } from '#/api/staff.ts';
import { staffOrders } from '#/api/staff-orders.ts';
import type { Dashboard } from '#/contract/staff-dashboard.ts';
import type { Setup } from '#/contract/setup.ts';
import type { StaffOrderList } from '#/contract/staff-orders.ts';
import type { Answer, Notice } from './answer.ts';
import { refusal } from './answer.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export type HomeView = {
  /** The orders in each status and the refund alerts (owners and `pedidos`); null for the catalogue. */
  orders: StaffOrderList | null;
  /** The owners' dashboard of the period asked (`?periodo=`). */
  dashboard: Dashboard | undefined;
  /** What is still the seed's example (owners), until all is done. */
  setup?: Setup | undefined;
  notice: Notice | undefined;
};

/**
 * `/painel`: what waits for the team, by the member's role; for owners, the dashboard of a period (today,
 * 7 days, 30 days, this month) against the one before. A period the platform refuses is said, with a 400.
 */
export async function panelHomePage(visit: Visit): Promise<Answer<PanelPage<HomeView>>> {
  return panelPage<HomeView>(visit, [], async (frame) => {
    const { papel } = frame.me;
    const orders = papel === 'dono' || papel === 'pedidos' ? await staffOrders(frame.client, {}) : null;
    if (papel !== 'dono')
      return { view: { frame, content: { orders, dashboard: undefined, notice: undefined } } };
    const setup = await staffSetup(frame.client);
    try {
      const periodo = visit.url.searchParams.get('periodo') ?? '7-dias';
      const dashboard = await staffDashboard(frame.client, periodo.slice(0, 20));
      return { view: { frame, content: { orders, dashboard, setup, notice: undefined } } };
    } catch (error) {
      const refused = refusal(error);
      return {
        status: refused.status,
        view: {
          frame,
          content: { orders, dashboard: undefined, setup, notice: { text: refused.mensagem, error: true } },
        },
      };
    }
  });
}
