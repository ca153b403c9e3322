// Seed only (never served): the coupons a new store's pages, banners and popups advertise, each with exactly
// the rules its page states (a test reads the content and holds the two together). Dates are relative to the
// seeding moment: a store seeded on any day opens with its campaign running, never one already over.
import type { NewCoupon } from '#/server/promotions/coupons.ts';

/** How long the seeded Black Friday campaign runs from the day the store is seeded. */
export const CAMPAIGN_DAYS = 10;

const DAY_MS = 24 * 60 * 60 * 1000;
const brasiliaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** 23:59:59 in Brasília (UTC−3, no daylight saving since 2019), `days` after `now`'s day there. */
export function endOfBrasiliaDay(now: Date, days: number): Date {
  return new Date(`${brasiliaDay.format(new Date(now.getTime() + days * DAY_MS))}T23:59:59-03:00`);
}

/** The advertised coupons, as a store seeded at `now` starts with them. */
export const buildCoupons = (now: Date): NewCoupon[] => [
  {
    // /pagina/cupons: "10% na primeira compra. Para novos clientes, em compras acima de R$ 199,00."
    code: 'BEMVINDO10',
    description: '10% na primeira compra',
    kind: 'produtos-percentual',
    value: 10,
    minSubtotal: 199,
    firstPurchase: true,
    usesPerCustomer: 1,
  },
  {
    // /pagina/cupons and the home popup: "10% de desconto no frete. Em qualquer compra, para todo o Brasil."
    code: 'FRETE10',
    description: '10% de desconto no frete',
    kind: 'frete-percentual',
    value: 10,
  },
  {
    // /pagina/cupons: "15% em produtos da Linha preta. Válido para a coleção Linha preta." (the /c/linha-preta rule)
    code: 'LINHAPRETA15',
    description: '15% em produtos da Linha preta',
    kind: 'produtos-percentual',
    value: 15,
    restriction: { finishes: ['preto-fosco', 'grafite'] },
  },
  {
    // /pagina/aniversario-linha-preta: "12% em produtos da Linha preta. Durante o mês de aniversário." The page
    // names no dates, so the coupon has none: staff set its end (PUT /api/v2/admin/coupons) when marketing does.
    code: 'NIVER-PRETO',
    description: '12% em produtos da Linha preta',
    kind: 'produtos-percentual',
    value: 12,
    restriction: { finishes: ['preto-fosco', 'grafite'] },
  },
  {
    // /pagina/black-friday: "10% a mais em toda a loja", its minimum and its end printed from this coupon (the
    // page's countdown ends with it).
    code: 'BLACK10',
    description: '10% a mais em toda a loja na Black Friday',
    kind: 'produtos-percentual',
    value: 10,
    minSubtotal: 300,
    endsAt: endOfBrasiliaDay(now, CAMPAIGN_DAYS),
  },
];
