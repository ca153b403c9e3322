import { z } from 'zod';
import { ORDER_CHANNELS, ORDER_PAYMENTS } from './order.ts';

/**
 * The owners' dashboard (`GET /v2/admin/dashboard`; our extension): how the store sold in a period against
 * the one before it, what sold most, and what needs the team. Days are cut at midnight in Brasília, and a
 * period is the orders placed in it: the same filter as the orders' list and spreadsheet (`de`, `ate`).
 */

export const DASHBOARD_PERIODS = ['hoje', '7-dias', '30-dias', 'mes'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  hoje: 'Hoje',
  '7-dias': 'Últimos 7 dias',
  '30-dias': 'Últimos 30 dias',
  mes: 'Este mês',
};
/** Products each ranking shows. */
export const TOP_PRODUCTS = 10;

export const dashboardQuerySchema = z.object({
  periodo: z
    .enum(DASHBOARD_PERIODS, { error: 'Período inválido. Use hoje, 7-dias, 30-dias ou mes.' })
    .optional()
    .transform((v) => v ?? '7-dias'),
});

/** A figure now and in the period before. */
const compared = z.object({ atual: z.number(), anterior: z.number() });
/** A share (0–1) now and before; null when there was nothing to divide by. */
const share = z.object({ atual: z.number().nullable(), anterior: z.number().nullable() });

const topProduct = z.object({
  produtoId: z.number().int(),
  nome: z.string(),
  unidades: z.number().int(),
  /** The items' prices times units (before the order's discounts and shipping). */
  receita: z.number(),
});

export const DASHBOARD_ALERTS = ['enviar', 'devolucoes', 'avaliacoes', 'esgotados', 'mensagens'] as const;

export const dashboardSchema = z.object({
  periodo: z.enum(DASHBOARD_PERIODS),
  /** The days it covers (aaaa-mm-dd, both included), and the period it is compared with. */
  de: z.string(),
  ate: z.string(),
  anteriorDe: z.string(),
  anteriorAte: z.string(),
  /** Paid orders' totals less the refunds their providers confirmed. */
  receita: compared,
  /** Of it: the paid orders' totals, and what went back. */
  receitaBruta: z.number(),
  devolvido: z.number(),
  pedidosPagos: compared,
  ticketMedio: compared,
  /** Carts that got items in the period, and how many of them became an order. */
  conversao: share.extend({ carrinhos: z.number().int(), convertidos: z.number().int() }),
  /** Pix orders placed in the period, and how many expired unpaid. */
  pixExpirados: share.extend({ pix: z.number().int(), expirados: z.number().int() }),
  pagamentos: z.array(
    z.object({ metodo: z.enum(ORDER_PAYMENTS), pedidos: z.number().int(), receita: z.number() }),
  ),
  /** Paid orders and revenue by where the sale was made (the site, or by hand: telefone, WhatsApp, balcão). */
  canais: z.array(
    z.object({ canal: z.enum(ORDER_CHANNELS), pedidos: z.number().int(), receita: z.number() }),
  ),
  /** Every day of the period, with its revenue and paid orders. */
  porDia: z.array(z.object({ dia: z.string(), receita: z.number(), pedidos: z.number().int() })),
  maisVendidos: z.object({ porReceita: z.array(topProduct), porUnidades: z.array(topProduct) }),
  alertas: z.array(
    z.object({ tipo: z.enum(DASHBOARD_ALERTS), n: z.number().int(), texto: z.string(), href: z.string() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
