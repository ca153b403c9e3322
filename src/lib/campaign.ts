import type { CupomPublico } from '#/contract/coupon.ts';
import { formatEnd } from './countdown.ts';
import { formatBRL } from './money.ts';

/**
 * A marketing page's campaign, read at the moment the page is rendered: a page never invites to a sale that
 * is over. Its end is the page's own `fimContagem`, or else the first end among the coupons it advertises
 * (so a page and its coupon cannot disagree on the date).
 */
export type Campaign =
  { state: 'sem-prazo' } | { state: 'em-andamento'; end: number } | { state: 'encerrada'; end: number };

/** The campaign's end: the page's own date when given, or else the earliest end of its coupons. */
export function campaignEnd(own: Date | undefined, coupons: readonly (CupomPublico | undefined)[]) {
  if (own) return own.getTime();
  const ends = coupons.flatMap((c) => (c?.fim ? [Date.parse(c.fim)] : []));
  return ends.length > 0 ? Math.min(...ends) : undefined;
}

/** Where the campaign stands at `now`. */
export function campaignAt(end: number | undefined, now: number): Campaign {
  if (end === undefined) return { state: 'sem-prazo' };
  return end > now ? { state: 'em-andamento', end } : { state: 'encerrada', end };
}

/** Whether a shopper can still use the coupon (or will, once it starts). */
export const couponOpen = (coupon: CupomPublico) =>
  coupon.situacao === 'vigente' || coupon.situacao === 'agendado';

/**
 * What a coupon card states, from the coupon itself: 'Em compras a partir de R$ 300,00. Só na primeira
 * compra. Até 05/12 às 23h59.' (Brasília time); '' when the coupon has no such rule.
 */
export function couponFacts(coupon: CupomPublico, now: number): string {
  const facts = [
    coupon.valorMinimo > 0 && `Em compras a partir de ${formatBRL(coupon.valorMinimo)}`,
    coupon.primeiraCompra && 'Só na primeira compra',
    coupon.inicio && Date.parse(coupon.inicio) > now && `A partir de ${formatEnd(Date.parse(coupon.inicio))}`,
    coupon.fim && `Até ${formatEnd(Date.parse(coupon.fim))}`,
  ].filter((fact): fact is string => typeof fact === 'string');
  return facts.map((fact) => `${fact}.`).join(' ');
}

/** Why a coupon card offers no code to copy: the coupon ended, ran out, was switched off or is unknown. */
export function couponClosedText(coupon: CupomPublico | undefined): string {
  switch (coupon?.situacao) {
    case 'encerrado':
      return coupon.fim ? `Cupom encerrado em ${formatEnd(Date.parse(coupon.fim))}.` : 'Cupom encerrado.';
    case 'esgotado':
      return 'Cupom esgotado: todos os usos já foram aproveitados.';
    default:
      return 'Este cupom não está mais disponível.';
  }
}
