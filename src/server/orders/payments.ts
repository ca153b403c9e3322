// One concern: which payment methods the checkout offers, and the seam a payment provider plugs into.
import type { MetodoPagamento, PaymentMethod } from '#/contract/order.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import { badRequest } from '#/server/errors.ts';

/** A method a provider takes, as the checkout shows it. */
export type ProviderMethod = {
  id: Exclude<PaymentMethod, 'pix'>;
  label: string;
  detalhe: string;
  /** Minutes an order waits for this payment before it is cancelled and its stock returned. */
  minutosPagamento: number;
  /** The origin of the provider's page the buyer pays on (the checkout sends them there after placing). */
  destino?: string;
};

/** The order a provider is asked to charge (after it is placed, outside its transaction). */
export type ChargeRequest = {
  numero: number;
  metodo: ProviderMethod['id'];
  /** What the buyer pays, in reais (the cash discount already taken for boleto). */
  total: number;
  /** When the order is cancelled if unpaid: a boleto's due date follows it. */
  expiraEm: Date;
  comprador: { nome: string; email: string; documento: string };
  descricao: string;
  /** The store's public origin: where the buyer comes back to and where the provider's notices go. */
  origem: string;
  /** Card: the most installments the buyer may choose, all interest-free (the store settings, capped). */
  parcelas: number;
};

/** What the buyer needs to pay it: a boleto's line, the provider's page (boleto PDF, card form). */
export type Charge = {
  linhaDigitavel?: string;
  url?: string;
  /** The provider's own id of the charge (a preference), which its notices lead back to. */
  ref?: { provider: string; id: string };
};

/**
 * A payment provider (an acquirer or gateway) for boleto and card. **None is built in**: a store adds one
 * by implementing this and handing it to `createPlatform({ paymentProvider })` (boot.ts builds it from
 * its configuration). The checkout then offers its methods that the store settings keep on
 * (`pagamentos.boleto.ativo`, `pagamentos.cartao.ativo`); `charge` runs once per new order, and a throw
 * cancels the order (stock and cart back) with a message to the shopper. The provider's payment webhook
 * confirms an order through `changeStatus(db, numero, 'paid')`, as the staff API does.
 */
export type PaymentProvider = {
  readonly name: string;
  readonly methods: readonly ProviderMethod[];
  /**
   * The buyer pays no interest with this provider: installments stop at the settings' `semJuros`, and no
   * price shows a plan with interest.
   */
  readonly interestFreeOnly?: boolean;
  charge: (request: ChargeRequest) => Promise<Charge>;
};

/** 90 → "1 hora e 30 minutos"; 1440 → "24 horas". */
export function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 0 ? '' : `${String(hours)} ${hours === 1 ? 'hora' : 'horas'}`;
  const m = rest === 0 ? '' : `${String(rest)} ${rest === 1 ? 'minuto' : 'minutos'}`;
  return [h, m].filter(Boolean).join(' e ') || '0 minutos';
}

/**
 * What the checkout says of Pix. Through a PSP's API Pix the payment is confirmed by the PSP the moment it is
 * made ("na hora"); a static Pix goes straight to the store's account and waits for a person to read the
 * statement, within the service hours the settings give.
 */
function pixDetail(settings: StoreSettings, byPsp: boolean): string {
  const minutes = settings.pagamentos.pix.minutosPagamento;
  if (byPsp)
    return `Aprovação na hora. Depois de confirmar, você recebe o QR Code e o código "copia e cola"; o pedido aguarda o pagamento por ${duration(minutes)}.`;
  const hours = settings.dadosSite.horarioAtendimento.map((h) => `${h.dias}, ${h.horario}`).join('; ');
  return `Depois de confirmar, você recebe o QR Code e o código "copia e cola". O Pix vai direto para a conta da loja, e a equipe confere o extrato e confirma o pagamento${hours ? ` no horário de atendimento (${hours})` : ''}. O pedido aguarda essa confirmação por ${duration(minutes)}, e a página do pedido mostra quando ela acontecer.`;
}

/** One offered method with what placing an order needs to know of it. */
export type OfferedMethod = MetodoPagamento & { minutosPagamento: number; provider?: PaymentProvider };

/**
 * The methods the checkout offers, in order: Pix (the store's own, while `pagamentos.pix.ativo`), then
 * the provider's that the settings keep on. Without a provider that is Pix alone.
 */
export function offeredMethods(
  settings: StoreSettings,
  provider?: PaymentProvider,
  /** Pix goes through a PSP's API Pix (confirmed by it), not the store's static key. */
  pixByPsp = false,
): OfferedMethod[] {
  const { pix, boleto, cartao } = settings.pagamentos;
  const methods: OfferedMethod[] = [];
  if (pix.ativo)
    methods.push({
      id: 'pix',
      label: 'Pix',
      detalhe: pixDetail(settings, pixByPsp),
      aVista: true,
      minutosPagamento: pix.minutosPagamento,
    });
  if (!provider) return methods;
  for (const method of provider.methods) {
    const on = method.id === 'boleto' ? boleto.ativo : cartao.ativo;
    if (!on) continue;
    // An interest-free card says up to how many installments, as the store settings allow them.
    const detalhe =
      method.id === 'cartao' && provider.interestFreeOnly
        ? `Em até ${String(cardRule(settings, provider).maximo)}x sem juros. ${method.detalhe}`
        : method.detalhe;
    methods.push({ ...method, detalhe, aVista: method.id === 'boleto', provider });
  }
  return methods;
}

/** The offered method the buyer chose, or a 400 in Portuguese. */
export function chosenMethod(
  settings: StoreSettings,
  provider: PaymentProvider | undefined,
  id: PaymentMethod,
  pixByPsp = false,
): OfferedMethod {
  const method = offeredMethods(settings, provider, pixByPsp).find((m) => m.id === id);
  if (!method) throw badRequest('Esta forma de pagamento não está disponível. Escolha outra.');
  return method;
}

/** The public part of the offered methods (the API answer). */
export const publicMethods = (methods: OfferedMethod[]): MetodoPagamento[] =>
  methods.map(({ id, label, detalhe, aVista, destino }) => ({
    id,
    label,
    detalhe,
    aVista,
    ...(destino ? { destino } : {}),
  }));

/** The card's installment rule as a provider takes it: interest-free only, when it says so. */
export function cardRule(settings: StoreSettings, provider?: PaymentProvider) {
  const rule = settings.pagamentos.cartao.parcelamento;
  return provider?.interestFreeOnly ? { ...rule, maximo: Math.min(rule.maximo, rule.semJuros) } : rule;
}

/**
 * The settings as the storefront reads them: a method is `ativo` only when the checkout offers it, so no
 * page names boleto, card or bank deposit (a method no provider here takes) to a store that takes Pix alone.
 */
export function servedSettings(settings: StoreSettings, provider?: PaymentProvider): StoreSettings {
  const offered = new Set(offeredMethods(settings, provider).map((m) => m.id));
  const { pix, boleto, cartao, deposito } = settings.pagamentos;
  return {
    ...settings,
    pagamentos: {
      pix: { ...pix, ativo: offered.has('pix') },
      boleto: { ...boleto, ativo: offered.has('boleto') },
      cartao: { ...cartao, ativo: offered.has('cartao'), parcelamento: cardRule(settings, provider) },
      deposito: { ...deposito, ativo: false },
    },
  };
}
