import { z } from 'zod';
import { anyOf, listSearch, wholeNumber } from './common.ts';
import { ORDER_PAYMENTS, ORDER_STATUSES } from './order.ts';

/**
 * The store's customers as the team sees them (`GET /v2/admin/customers`, `GET /v2/admin/customers/{id}`;
 * our extension): owners and the `pedidos` role, who talk to buyers; the catalogue's members never.
 */

export const CUSTOMER_KINDS = ['F', 'J'] as const;
export const CUSTOMER_KIND_LABELS: Record<(typeof CUSTOMER_KINDS)[number], string> = {
  F: 'Pessoa física',
  J: 'Pessoa jurídica',
};
export const CUSTOMER_SORTS = ['recentes', 'maior-gasto', 'nome'] as const;
export const CUSTOMER_SORT_LABELS: Record<(typeof CUSTOMER_SORTS)[number], string> = {
  recentes: 'Cadastro mais recente',
  'maior-gasto': 'Maior gasto',
  nome: 'Nome (A–Z)',
};
export const CUSTOMERS_PER_PAGE = 25;
export const CUSTOMER_PAGES_MAX = 400;
/** Customers one export carries at most; narrower filters for more. */
export const CUSTOMER_EXPORT_MAX = 10_000;

export const customerQuerySchema = z.object({
  /** Part of the name or e-mail, or the digits of a CPF/CNPJ or phone. */
  q: listSearch(),
  pessoa: anyOf(CUSTOMER_KINDS, 'Tipo de pessoa inválido.'),
  ordem: z
    .enum(CUSTOMER_SORTS, { error: 'Ordem inválida.' })
    .optional()
    .transform((v) => v ?? 'recentes'),
  pagina: wholeNumber('pagina', { min: 1, max: CUSTOMER_PAGES_MAX }).default(1),
});
export type CustomerQuery = z.output<typeof customerQuerySchema>;

export const clienteResumoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  pessoa: z.enum(CUSTOMER_KINDS),
  /** CPF or CNPJ as people write it. */
  documento: z.string(),
  telefone: z.string(),
  cidade: z.string(),
  uf: z.string(),
  /** Orders placed, in any status. */
  pedidos: z.number().int(),
  /** Paid orders (paid, shipped, delivered) less what the providers confirmed they gave back. */
  totalGasto: z.number(),
  ultimoPedido: z.string().nullable(),
  criadoEm: z.string(),
});
export type ClienteResumo = z.infer<typeof clienteResumoSchema>;

export const customerListSchema = z.object({
  clientes: z.array(clienteResumoSchema),
  total: z.number().int(),
  pagina: z.number().int(),
  paginas: z.number().int(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerExportSchema = z.object({
  clientes: z.array(clienteResumoSchema.extend({ ofertasPorEmail: z.boolean(), newsletter: z.boolean() })),
  truncado: z.boolean(),
});

/** `GET /v2/admin/customers/{id}`: contacts, addresses, orders and what they agreed to. */
export const customerDetailSchema = z.object({
  cliente: clienteResumoSchema.extend({
    nascimento: z.string(),
    /** The store's seller behind an internal-sale account, or empty. */
    vendedorInterno: z.string(),
  }),
  enderecos: z.array(
    z.object({
      /** "Endereço do cadastro", or who receives at a delivery address. */
      rotulo: z.string(),
      linhas: z.array(z.string()),
    }),
  ),
  pedidos: z.array(
    z.object({
      numero: z.number().int(),
      criadoEm: z.string(),
      situacao: z.enum(ORDER_STATUSES),
      situacaoLabel: z.string(),
      pagamento: z.enum(ORDER_PAYMENTS),
      total: z.number(),
    }),
  ),
  consentimentos: z.object({
    /** Offers by e-mail, ticked (or not) at sign-up or in the account. */
    ofertasPorEmail: z.boolean(),
    /** Subscribed to the newsletter with this e-mail, since when. */
    newsletterDesde: z.string().nullable(),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
