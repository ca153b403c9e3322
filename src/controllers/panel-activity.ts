import { staffActivity } from '#/api/staff.ts';
import type { Atividade } from '#/contract/activity.ts';
import { ENTITIES } from '#/contract/activity.ts';
import type { Answer } from './answer.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export const ACTIVITY_PER_PAGE = 50;
const PAGES_MAX = 200;

export type ActivityView = {
  atividades: Atividade[];
  total: number;
  pagina: number;
  entidade: (typeof ENTITIES)[number] | undefined;
};

/** `/painel/atividade` (owners): every change the team made, newest first, of one kind of thing or all. */
export async function panelActivityPage(visit: Visit): Promise<Answer<PanelPage<ActivityView>>> {
  return panelPage(visit, ['dono'], async (frame) => {
    const asked = visit.url.searchParams.get('entidade') ?? '';
    const entidade = ENTITIES.find((e) => e === asked);
    const page = Number(visit.url.searchParams.get('pagina') ?? '1');
    const pagina = Number.isInteger(page) && page >= 1 && page <= PAGES_MAX ? page : 1;
    const { atividades, total } = await staffActivity(frame.client, {
      entidade,
      offset: (pagina - 1) * ACTIVITY_PER_PAGE,
      limit: ACTIVITY_PER_PAGE,
    });
    return { view: { frame, content: { atividades, total, pagina, entidade } } };
  });
}
