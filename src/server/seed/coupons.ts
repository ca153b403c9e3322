// Seed only (never served): the coupons a new store's pages, banners and popups advertise, each with exactly
// the rules its page states (a test reads the content and holds the two together).
import type { NewCoupon } from '#/server/promotions/coupons.ts';

/** Brasília's offset on the dates the pages print (no daylight saving since 2019). */
const BRT = '-03:00';

export const COUPONS: NewCoupon[] = [
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
    // /pagina/black-friday: "10% a mais em toda a loja. Válido para compras acima de R$ 300,00, até 27/11."
    code: 'BLACK10',
    description: '10% a mais em toda a loja na Black Friday',
    kind: 'produtos-percentual',
    value: 10,
    minSubtotal: 300,
    endsAt: new Date(`2026-11-27T23:59:59${BRT}`),
  },
];
