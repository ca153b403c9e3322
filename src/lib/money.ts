import type { Parcela } from '#/contract/product.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 1234.56 → 'R$ 1.234,56' (with a no-break space, so a price never splits across lines). */
export const formatBRL = (value: number): string => brl.format(value);

/** The best interest-free plan: the last one whose rate is zero, when it splits the price at all. */
export function interestFreePlan(plans: readonly Parcela[]): Parcela | undefined {
  const free = plans.filter((p) => p.taxa === 0 && p.parcelas > 1);
  return free.at(-1);
}

/** 'ou 10x de R$ 12,34 sem juros', or '' when the price cannot be split without interest. */
export function installmentLine(plans: readonly Parcela[]): string {
  const plan = interestFreePlan(plans);
  return plan ? `ou ${String(plan.parcelas)}x de ${formatBRL(plan.valorParcela)} sem juros` : '';
}

/** Percentage off between a list and a sale price, rounded down ('De R$ 100 por R$ 79' → 21). */
export const discountPercent = (de: number, por: number): number =>
  de > por && de > 0 ? Math.floor(((de - por) / de) * 100) : 0;
