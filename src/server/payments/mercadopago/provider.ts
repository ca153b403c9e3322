// One concern: Mercado Pago as the store's provider of card (in interest-free installments) and boleto,
// through Checkout Pro: the store makes a preference for the placed order and sends the buyer to its page;
// no card data ever touches the store.
import type { ChargeRequest, PaymentProvider } from '#/server/orders/payments.ts';
import type { MercadoPago } from './client.ts';
import { MERCADOPAGO_API_URL } from './client.ts';
import type { PreferenceRequest } from './spec.ts';

/** The provider name orders charged through Mercado Pago carry (`orders.provider`). */
export const MERCADOPAGO = 'mercadopago';

/** Minutes a card order waits for its payment; a boleto waits three days for the bank to clear it. */
export const CARD_MINUTES = 60;
export const BOLETO_MINUTES = 3 * 24 * 60;

/** Payment types Checkout Pro must not offer for each method (Pix stays the store's own). */
const EXCLUDED: Record<ChargeRequest['metodo'], { id: string }[]> = {
  cartao: [{ id: 'ticket' }, { id: 'bank_transfer' }, { id: 'atm' }, { id: 'debit_card' }],
  boleto: [{ id: 'credit_card' }, { id: 'debit_card' }, { id: 'bank_transfer' }, { id: 'atm' }],
};

/**
 * Where buyers pay: Mercado Pago's own pages for the real API, the API's origin for a double (which serves
 * its page there). The checkout's form may go on to this origin (its CSP `form-action`).
 */
export const checkoutOrigin = (apiUrl: string | undefined) =>
  !apiUrl || apiUrl.replace(/\/+$/, '') === MERCADOPAGO_API_URL
    ? 'https://www.mercadopago.com.br'
    : new URL(apiUrl).origin;

/** The preference of one placed order: one line with its total, the buyer, its number, the way back. */
export function preferenceOf(request: ChargeRequest): PreferenceRequest {
  const number = String(request.numero);
  const back = (retorno: string) => `${request.origem}/checkout/pedido/${number}?retorno=${retorno}`;
  const digits = request.comprador.documento.replace(/\D/g, '');
  return {
    items: [
      {
        id: `pedido-${number}`,
        title: request.descricao,
        quantity: 1,
        unit_price: request.total,
        currency_id: 'BRL',
      },
    ],
    payer: {
      name: request.comprador.nome,
      email: request.comprador.email,
      ...(digits.length === 11 || digits.length === 14
        ? { identification: { type: digits.length === 11 ? 'CPF' : 'CNPJ', number: digits } }
        : {}),
    },
    external_reference: number,
    payment_methods: {
      installments: request.metodo === 'cartao' ? Math.max(1, request.parcelas) : 1,
      excluded_payment_types: EXCLUDED[request.metodo],
    },
    notification_url: `${request.origem}/api/webhooks/mercadopago`,
    back_urls: { success: back('aprovado'), pending: back('pendente'), failure: back('recusado') },
    auto_return: 'approved',
    expires: true,
    expiration_date_to: request.expiraEm.toISOString(),
    statement_descriptor: 'CASAEMETAIS',
  };
}

/** Card and boleto through Mercado Pago's hosted checkout. */
export function mercadoPagoProvider(mp: MercadoPago, apiUrl?: string): PaymentProvider {
  const destino = checkoutOrigin(apiUrl);
  return {
    name: 'Mercado Pago',
    interestFreeOnly: true,
    methods: [
      {
        id: 'cartao',
        label: 'Cartão de crédito',
        detalhe:
          'Na página segura do Mercado Pago: os dados do cartão não passam pela loja. O pedido aguarda o pagamento por 1 hora.',
        minutosPagamento: CARD_MINUTES,
        destino,
      },
      {
        id: 'boleto',
        label: 'Boleto',
        detalhe:
          'Gerado na página do Mercado Pago. O pedido é confirmado quando o banco compensar o pagamento (até 3 dias úteis).',
        minutosPagamento: BOLETO_MINUTES,
        destino,
      },
    ],
    charge: async (request) => {
      const made = await mp.createPreference(preferenceOf(request));
      return { url: made.url, ref: { provider: MERCADOPAGO, id: made.id } };
    },
  };
}
