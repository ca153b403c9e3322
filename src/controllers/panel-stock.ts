import { setStock, staffStock } from '#/api/staff.ts';
import { SKU_PATTERN } from '#/contract/staff-stock.ts';
import type { StaffStock } from '#/contract/staff-stock.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelFilters, panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export type StockView = { filters: Fields; list: StaffStock | undefined; notice: Notice | undefined };

const FILTERS = ['q', 'esgotados', 'pagina'] as const;

/** The line after a save, rebuilt from the address's numbers (never its text): SKU, before → after, who was told. */
function savedNotice(params: URLSearchParams): Notice | undefined {
  const [sku, before, after, told] = ['feito', 'antes', 'estoque', 'avisados'].map(
    (k) => params.get(k) ?? '',
  );
  if (!SKU_PATTERN.test(sku ?? '') || ![before, after, told].every((n) => /^\d{1,7}$/.test(n ?? '')))
    return undefined;
  const people = Number(told);
  const emailed =
    people > 0
      ? ` ${String(people)} cliente${people === 1 ? '' : 's'} avisado${people === 1 ? '' : 's'} por e-mail.`
      : '';
  return { text: `Estoque de ${sku ?? ''} salvo: ${before ?? ''} → ${after ?? ''}.${emailed}`, error: false };
}

/**
 * `/painel/estoque` (`catalogo` and owners): finishes by SKU or name (only sold-out ones, if asked), the
 * most awaited first; each row sets its stock, and shoppers waiting for a finish that comes back are e-mailed.
 */
export async function panelStockPage(visit: Visit): Promise<Answer<PanelPage<StockView>>> {
  return panelPage<StockView>(visit, ['catalogo'], async (frame) => {
    const filters = panelFilters(visit.url, FILTERS);
    const fields = await postedFields(visit.request);
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields) {
      const sku = fields['sku'] ?? '';
      const typed = (fields['estoque'] ?? '').trim();
      try {
        const answer = await setStock(frame.client, sku, /^\d{1,7}$/.test(typed) ? Number(typed) : typed);
        const back = new URLSearchParams(filters);
        back.set('feito', answer.sku);
        back.set('antes', String(answer.antes));
        back.set('estoque', String(answer.estoque));
        back.set('avisados', String(answer.avisados));
        return redirect(`/painel/estoque?${back.toString()}`);
      } catch (error) {
        const refused = refusal(error);
        notice = { text: `${sku}: ${refused.mensagem}`, error: true };
        status = refused.status;
      }
    } else {
      notice = savedNotice(visit.url.searchParams);
    }
    try {
      return {
        status,
        view: { frame, content: { filters, list: await staffStock(frame.client, filters), notice } },
      };
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
