import { staffCustomer, staffCustomers, staffCustomersExport } from '#/api/staff.ts';
import {
  CUSTOMER_KIND_LABELS,
  CUSTOMER_KINDS,
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
} from '#/contract/staff-customers.ts';
import type { CustomerDetail, CustomerList } from '#/contract/staff-customers.ts';
import type { Mensagem } from '#/contract/staff-inbox.ts';
import { staffInbox } from '#/api/staff-inbox.ts';
import { formatDate } from '#/lib/dates.ts';
import { spreadsheetMoney } from '#/lib/spreadsheet.ts';
import type { Answer } from './answer.ts';
import { refusal } from './answer.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import { panelListPage, panelSpreadsheet } from './panel-list.ts';
import type { FilterField, ListView } from './panel-list.ts';
import type { Visit } from './visit.ts';

export const CUSTOMERS_PATH = '/painel/clientes';
const FILTERS = ['q', 'pessoa', 'ordem', 'pagina'] as const;

export const CUSTOMER_FILTER_FIELDS: readonly FilterField[] = [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'Nome, e-mail, CPF/CNPJ ou telefone.' },
  {
    name: 'pessoa',
    label: 'Tipo',
    options: [['', 'Todos'], ...CUSTOMER_KINDS.map((k) => [k, CUSTOMER_KIND_LABELS[k]] as const)],
  },
  {
    name: 'ordem',
    label: 'Ordem',
    options: CUSTOMER_SORTS.map((s) => [s, CUSTOMER_SORT_LABELS[s]] as const),
  },
];

export type CustomersView = ListView<CustomerList>;

/** One customer, with the inbox's messages sent from their address (newest first, a page of them). */
export type CustomerView = CustomerDetail & { conversas: Mensagem[] };

/** `/painel/clientes` (owners and `pedidos`): every customer, searched and sorted, with what each spent. */
export const panelCustomersPage = (visit: Visit): Promise<Answer<PanelPage<CustomersView>>> =>
  panelListPage(visit, { roles: ['pedidos'], filters: FILTERS, load: staffCustomers });

/** `/painel/clientes/{id}`: one customer (404 when there is none, or the address is not an id). */
export async function panelCustomerPage(
  visit: Visit,
  id: string | undefined,
): Promise<Answer<PanelPage<CustomerView | null>>> {
  return panelPage<CustomerView | null>(visit, ['pedidos'], async (frame) => {
    if (!/^[1-9]\d{0,8}$/.test(id ?? '')) return { status: 404, view: { frame, content: null } };
    let detail: CustomerDetail;
    try {
      detail = await staffCustomer(frame.client, id ?? '');
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
    const { mensagens: conversas } = await staffInbox(frame.client, { email: detail.cliente.email });
    return { view: { frame, content: { ...detail, conversas } } };
  });
}

const CSV_FIELDS = [
  'Nome',
  'E-mail',
  'Tipo',
  'CPF/CNPJ',
  'Telefone',
  'Cidade',
  'UF',
  'Pedidos',
  'Total gasto',
  'Último pedido',
  'Cliente desde',
  'Aceita ofertas por e-mail',
  'Newsletter',
] as const;

/** `/painel/clientes.csv` with the list's filters: every matching customer, as Excel in Portuguese opens it. */
export const panelCustomersCsv = (visit: Visit) =>
  panelSpreadsheet(visit, {
    role: 'pedidos',
    filters: FILTERS,
    forbidden: 'Seu papel na equipe não dá acesso aos clientes.',
    name: 'clientes',
    fields: CSV_FIELDS,
    load: async (client, filters) =>
      (await staffCustomersExport(client, filters)).clientes.map((c) => [
        c.nome,
        c.email,
        CUSTOMER_KIND_LABELS[c.pessoa],
        c.documento,
        c.telefone,
        c.cidade,
        c.uf,
        c.pedidos,
        spreadsheetMoney(c.totalGasto),
        c.ultimoPedido ? formatDate(c.ultimoPedido) : '',
        formatDate(c.criadoEm),
        c.ofertasPorEmail ? 'Sim' : 'Não',
        c.newsletter ? 'Sim' : 'Não',
      ]),
  });
