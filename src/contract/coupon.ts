import { z } from 'zod';

/**
 * Coupons (`PUT/DELETE promotional/coupon/{code}`): one per cart, put on the session's cart and answered
 * with the whole cart. What a coupon takes off: a percentage or a fixed value of the products, a
 * percentage of the shipping, or the shipping itself.
 */
export const COUPON_KINDS = [
  'produtos-percentual',
  'produtos-valor',
  'frete-percentual',
  'frete-gratis',
] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A code as shoppers type it: trimmed, any case; kept and compared in upper case. */
export const couponCodeSchema = z
  .string({ message: 'Informe o código do cupom.' })
  .trim()
  .min(1, { message: 'Informe o código do cupom.' })
  .max(40, { message: 'Este código é longo demais: confira o cupom.' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'O código do cupom tem só letras, números, hífen ou sublinhado.' })
  .transform((code) => code.toUpperCase());

/**
 * The coupon on a cart (our extension of the cart object): `desconto` is what it takes off the products
 * now, `freteDesconto` the percentage it takes off any shipping option (100: free). A coupon that stopped
 * applying (the cart changed) stays on the cart with `aplicado: false` and the reason in `motivo`.
 */
export const cupomSchema = z.object({
  codigo: z.string(),
  descricao: z.string(),
  tipo: z.enum(COUPON_KINDS),
  aplicado: z.boolean(),
  motivo: z.string(),
  desconto: z.number(),
  freteDesconto: z.number(),
});
export type Cupom = z.infer<typeof cupomSchema>;
