import { staffProducts } from '#/api/staff.ts';
import type { StaffProductList } from '#/contract/staff-products.ts';
import type { Answer, Notice } from './answer.ts';
import { refusal } from './answer.ts';
import type { Fields } from './fields.ts';
import { panelFilters, panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export type ProductsView = {
  filters: Fields;
  list: StaffProductList | undefined;
  notice: Notice | undefined;
};

export const PRODUCT_FILTERS = [
  'q',
  'marca',
  'categoria',
  'esgotados',
  'situacao',
  'ordem',
  'pagina',
] as const;

/**
 * `/painel/produtos` (`catalogo` and owners): the catalogue by name or SKU, brand, category and stock, 25 a
 * page; each product with its price, stock and finishes, a way to its page in the store.
 */
export async function panelProductsPage(visit: Visit): Promise<Answer<PanelPage<ProductsView>>> {
  return panelPage<ProductsView>(visit, ['catalogo'], async (frame) => {
    const filters = panelFilters(visit.url, PRODUCT_FILTERS);
    try {
      const list = await staffProducts(frame.client, filters);
      return { view: { frame, content: { filters, list, notice: undefined } } };
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
