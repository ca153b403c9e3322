import { setStock, staffStock } from '#/api/staff.ts';
import { SKU_PATTERN } from '#/contract/staff-stock.ts';
import type { StaffStock } from '#/contract/staff-stock.ts';
import type { Answer, Notice } from './answer.ts';
import { panelListPage } from './panel-list.ts';
import type { FilterField, ListView } from './panel-list.ts';
import type { PanelFrame, PanelPage } from './panel.ts';
import { withMail } from '#/lib/mail-said.ts';
import type { Visit } from './visit.ts';

export type StockView = ListView<StaffStock>;

export const STOCK_PATH = '/painel/estoque';
const FILTERS = ['q', 'esgotados', 'pagina'] as const;

export const STOCK_FILTER_FIELDS: readonly FilterField[] = [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'SKU ou nome do produto.' },
  {
    name: 'esgotados',
    label: 'Estoque',
    options: [
      ['', 'Todos'],
      ['1', 'Só os esgotados'],
    ],
  },
];

/** The line after a save, rebuilt from the address's numbers (never its text): SKU, before → after, who was told. */
function savedNotice(params: URLSearchParams, frame: PanelFrame): Notice | undefined {
  const [sku, before, after, told] = ['feito', 'antes', 'estoque', 'avisados'].map(
    (k) => params.get(k) ?? '',
  );
  if (!SKU_PATTERN.test(sku ?? '') || ![before, after, told].every((n) => /^\d{1,7}$/.test(n ?? '')))
    return undefined;
  const people = Number(told);
  const saved = `Estoque de ${sku ?? ''} salvo: ${before ?? ''} → ${after ?? ''}.`;
  const plural = people === 1 ? '' : 's';
  return {
    text:
      people > 0
        ? withMail(
            frame.me.enviaEmail,
            saved,
            `${String(people)} cliente${plural} avisado${plural} por e-mail.`,
            `${String(people)} cliente${plural} que esperava${people === 1 ? '' : 'm'}`,
          )
        : saved,
    error: false,
  };
}

/**
 * `/painel/estoque` (`catalogo` and owners): finishes by SKU or name (only sold-out ones, if asked), the
 * most awaited first; each row sets its stock, and shoppers waiting for a finish that comes back are e-mailed.
 */
export function panelStockPage(visit: Visit): Promise<Answer<PanelPage<StockView>>> {
  return panelListPage(visit, {
    roles: ['catalogo'],
    filters: FILTERS,
    load: staffStock,
    post: async (frame, fields, filters) => {
      const typed = (fields['estoque'] ?? '').trim();
      const answer = await setStock(
        frame.client,
        fields['sku'] ?? '',
        /^\d{1,7}$/.test(typed) ? Number(typed) : typed,
      );
      const back = new URLSearchParams(filters);
      back.set('feito', answer.sku);
      back.set('antes', String(answer.antes));
      back.set('estoque', String(answer.estoque));
      back.set('avisados', String(answer.avisados));
      return `/painel/estoque?${back.toString()}`;
    },
    refused: (fields, mensagem) => `${fields['sku'] ?? ''}: ${mensagem}`,
    done: savedNotice,
  });
}
