// One concern: what a price may promise, from what the checkout takes. A store without a provider that
// takes cards shows no installments; the cash line names the cash methods offered ('no Pix').
import type { Parcela, Precos } from '#/contract/product.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import { settingsInForce } from '#/server/content/settings.ts';
import type { SettingsEnv } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import { cardRule, offeredMethods } from '#/server/orders/payments.ts';
import type { PaymentProvider } from '#/server/orders/payments.ts';
import { percentOfCents, round2, splitCents, timesReais, toCents, toReais } from '#/server/lib/prices.ts';

/** Card installments as the settings offer them (`pagamentos.cartao.parcelamento`). */
export type InstallmentRule = StoreSettings['pagamentos']['cartao']['parcelamento'];

export type PricePolicy = {
  /** Percentage off paying in cash (the Pix discount; 0 when no cash method is offered). */
  cashDiscount: number;
  /** The cash methods as the price line names them: 'no Pix', 'no Pix ou boleto'; empty when none. */
  cashWording: string;
  /** The card's installments, only while the checkout offers a card. */
  installments: InstallmentRule | undefined;
};

/** The policy of a store with these settings and this payment provider (none: Pix alone). */
export function pricePolicy(settings: StoreSettings, provider?: PaymentProvider): PricePolicy {
  const offered = new Set(offeredMethods(settings, provider).map((m) => m.id));
  const cash = [offered.has('pix') ? 'Pix' : '', offered.has('boleto') ? 'boleto' : ''].filter(Boolean);
  const { pix, boleto } = settings.pagamentos;
  return {
    cashDiscount: offered.has('pix') ? pix.desconto : offered.has('boleto') ? boleto.desconto : 0,
    cashWording: cash.length > 0 ? `no ${cash.join(' ou ')}` : '',
    installments: offered.has('cartao') ? cardRule(settings, provider) : undefined,
  };
}

/** The policy of the platform now: its settings in force and its payment provider. */
export async function currentPricePolicy(
  config: SettingsEnv & { db: Db; paymentProvider?: PaymentProvider | undefined },
): Promise<PricePolicy> {
  return pricePolicy(await settingsInForce(config.db, config), config.paymentProvider);
}

/**
 * Installment plans of a price under the card's rule: interest-free up to `semJuros` parts while each part
 * is at least `valorMinimo`, then with `juros` % a month up to `maximo`. None without a card rule.
 */
export function installments(price: number, rule: InstallmentRule | undefined): Parcela[] {
  if (!rule || price <= 0) return [];
  const plans: Parcela[] = [
    { parcelas: 1, valorParcela: price, valorTotal: price, taxa: 0, exibirTaxa: false },
  ];
  for (let n = 2; n <= rule.maximo; n++) {
    if (n <= rule.semJuros) {
      const part = toReais(splitCents(toCents(price), n));
      if (part < rule.valorMinimo) break;
      plans.push({ parcelas: n, valorParcela: part, valorTotal: price, taxa: 0, exibirTaxa: false });
    } else {
      const i = rule.juros / 100;
      const part = round2((price * i) / (1 - (1 + i) ** -n));
      if (part < rule.valorMinimo) break;
      plans.push({
        parcelas: n,
        valorParcela: part,
        valorTotal: timesReais(part, n),
        taxa: rule.juros,
        exibirTaxa: true,
      });
    }
  }
  return plans;
}

/** The `precos` block of a product or variant under the store's price policy. */
export function buildPrecos(listPrice: number, price: number, policy: PricePolicy): Precos {
  return {
    de: listPrice,
    por: price,
    vista: toReais(toCents(price) - percentOfCents(toCents(price), policy.cashDiscount)),
    descontoVista: policy.cashDiscount,
    textoVista: policy.cashWording,
    parcelamento: installments(price, policy.installments),
  };
}
