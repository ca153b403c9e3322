// One concern: a coupon as the team reads it in the panel: what it takes off, when it applies, for what.
import type { CouponAdmin, CouponOptions } from '#/contract/coupon.ts';
import { formatDate } from './dates.ts';
import { formatBRL } from './money.ts';

const percent = (n: number) => `${n.toLocaleString('pt-BR')}%`;

/** "12,5% dos produtos", "R$ 20,00 dos produtos", "10% do frete", "Frete grátis". */
export const couponTakes = (c: CouponAdmin): string =>
  c.tipo === 'produtos-percentual'
    ? `${percent(c.valor)} dos produtos`
    : c.tipo === 'produtos-valor'
      ? `${formatBRL(c.valor)} dos produtos`
      : c.tipo === 'frete-percentual'
        ? `${percent(c.valor)} do frete`
        : 'Frete grátis';

/** "de 01/12/2026 até 31/12/2026", or "Sem prazo". */
export const couponValidity = (c: CouponAdmin): string =>
  c.inicio || c.fim
    ? [c.inicio && `de ${formatDate(c.inicio)}`, c.fim && `até ${formatDate(c.fim)}`]
        .filter(Boolean)
        .join(' ')
    : 'Sem prazo';

/** Its conditions: "a partir de R$ 1.000,00 · primeira compra · 1 por cliente" ('' for none). */
export const couponConditions = (c: CouponAdmin): string =>
  [
    c.valorMinimo > 0 && `a partir de ${formatBRL(c.valorMinimo)}`,
    c.primeiraCompra && 'primeira compra',
    c.usosPorCliente !== null && `${String(c.usosPorCliente)} por cliente`,
  ]
    .filter(Boolean)
    .join(' · ');

/** "Usado 3 vezes de 50". */
export const couponUses = (c: CouponAdmin): string =>
  `Usado ${String(c.usados)} ${c.usados === 1 ? 'vez' : 'vezes'}${c.usosMaximos !== null ? ` de ${String(c.usosMaximos)}` : ''}`;

/** "Só para: marca Itapema; acabamento Preto Fosco; 12 produtos escolhidos", from the platform's ids. */
export function couponRestriction(c: CouponAdmin, opcoes: CouponOptions | undefined): string {
  const r = c.restricao;
  const named = <T>(ids: readonly T[] | undefined, all: readonly { key: T; name: string }[]) =>
    (ids ?? []).map((id) => all.find((o) => o.key === id)?.name ?? String(id)).join(', ');
  const parts = [
    r.marcas?.length &&
      `marca ${named(
        r.marcas,
        (opcoes?.marcas ?? []).map((m) => ({ key: m.id, name: m.nome })),
      )}`,
    r.categorias?.length &&
      `categoria ${named(
        r.categorias,
        (opcoes?.categorias ?? []).map((m) => ({ key: m.id, name: m.nome })),
      )}`,
    r.acabamentos?.length &&
      `acabamento ${named(
        r.acabamentos,
        (opcoes?.acabamentos ?? []).map((m) => ({ key: m.slug, name: m.nome })),
      )}`,
    r.produtos?.length &&
      `${String(r.produtos.length)} produto${r.produtos.length === 1 ? '' : 's'} escolhidos`,
  ].filter(Boolean);
  return parts.length > 0 ? `Só para: ${parts.join('; ')}` : '';
}
