import { staffProducts } from '#/api/staff.ts';
import type { StaffProductList } from '#/contract/staff-products.ts';
import type { Answer } from './answer.ts';
import { panelListPage } from './panel-list.ts';
import type { FilterField, ListView } from './panel-list.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export type ProductsView = ListView<StaffProductList>;

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
export const panelProductsPage = (visit: Visit): Promise<Answer<PanelPage<ProductsView>>> =>
  panelListPage(visit, { roles: ['catalogo'], filters: PRODUCT_FILTERS, load: staffProducts });

/** The products list's filters; brands and categories come with the list. */
export const productFilterFields = (list: StaffProductList | undefined): FilterField[] => [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'Nome ou SKU' },
  {
    name: 'marca',
    label: 'Marca',
    options: [['', 'Todas'], ...(list?.marcas ?? []).map((m) => [String(m.id), m.nome] as const)],
  },
  {
    name: 'categoria',
    label: 'Categoria',
    options: [['', 'Todas'], ...(list?.categorias ?? []).map((c) => [String(c.id), c.nome] as const)],
  },
  {
    name: 'esgotados',
    label: 'Estoque',
    options: [
      ['', 'Todos'],
      ['1', 'Só os esgotados'],
    ],
  },
  {
    name: 'situacao',
    label: 'Situação',
    options: [
      ['', 'Todos'],
      ['ativos', 'À venda'],
      ['inativos', 'Fora da venda'],
    ],
  },
  {
    name: 'ordem',
    label: 'Ordem',
    options: [
      ['recentes', 'Mais recentes'],
      ['nome', 'Nome (A–Z)'],
      ['menor-estoque', 'Menor estoque'],
      ['mais-vendidos', 'Mais vendidos'],
    ],
  },
];
