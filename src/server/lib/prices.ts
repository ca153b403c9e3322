import type { Parcela, Precos } from '#/contract/product.ts';

export const INSTALLMENTS_INTEREST_FREE = 10;
export const INSTALLMENTS_MAX = 12;
export const INSTALLMENT_MIN_VALUE = 30;
/** Monthly interest (%) of the plans above the interest-free ones. */
export const INSTALLMENT_INTEREST = 1.99;

/** Money rounded to cents (every total the platform answers goes through this). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Installment plans of a price: interest-free while each part is at least R$ 30, up to 10x; 11x-12x with interest. */
export function installments(price: number): Parcela[] {
  const plans: Parcela[] = [
    { parcelas: 1, valorParcela: price, valorTotal: price, taxa: 0, exibirTaxa: false },
  ];
  for (let n = 2; n <= INSTALLMENTS_MAX; n++) {
    if (n <= INSTALLMENTS_INTEREST_FREE) {
      const part = round2(price / n);
      if (part < INSTALLMENT_MIN_VALUE) break;
      plans.push({ parcelas: n, valorParcela: part, valorTotal: price, taxa: 0, exibirTaxa: false });
    } else {
      const i = INSTALLMENT_INTEREST / 100;
      const part = round2((price * i) / (1 - (1 + i) ** -n));
      if (part < INSTALLMENT_MIN_VALUE) break;
      plans.push({
        parcelas: n,
        valorParcela: part,
        valorTotal: round2(part * n),
        taxa: INSTALLMENT_INTEREST,
        exibirTaxa: true,
      });
    }
  }
  return plans;
}

/** The `precos` block of a product or variant, with the cash (pix/boleto) discount applied to `vista`. */
export function buildPrecos(listPrice: number, price: number, cashDiscountPct: number): Precos {
  return {
    de: listPrice,
    por: price,
    vista: round2(price * (1 - cashDiscountPct / 100)),
    descontoVista: cashDiscountPct,
    parcelamento: installments(price),
  };
}
