import { z } from 'zod';

/**
 * The rules of a listing page (category, brand, landing page, search), decided here once for the platform
 * and the storefront: the orders, the page sizes, how a storefront URL's `pg`/`ipp`/`order` read, and the
 * query every `url/product/listing/*` call takes.
 */

/** The orders a listing offers, the default first. */
export const ORDERS = [
  'Mais Vendidos',
  'Menor Preço',
  'Maior Preço',
  'Lançamentos',
  'Maior Desconto',
  'A-Z',
] as const;
export type Order = (typeof ORDERS)[number];
export const DEFAULT_ORDER: Order = 'Mais Vendidos';
/** The real platform's name for the default order, accepted as an alias. */
const ORDER_ALIASES: Readonly<Record<string, Order>> = { Popularidade: 'Mais Vendidos' };

/** An order by its name or alias; undefined for anything else. */
export const orderNamed = (value: string): Order | undefined =>
  ORDER_ALIASES[value] ?? ORDERS.find((o) => o === value);

/** A storefront URL's `order` is a shopper's address: an unknown one shows the default order (spec). */
export const storefrontOrder = (value: string | null | undefined): Order =>
  (value ? orderNamed(value) : undefined) ?? DEFAULT_ORDER;

/** Items per page a shopper may choose (`ipp`); 40 when none is chosen (spec section 5). */
export const PAGE_SIZES = [12, 16, 24, 32, 40] as const;
export const DEFAULT_PAGE_SIZE = 40;

/** `ipp` when it is one of the offered sizes, else the default. */
export function pageSize(ipp: string | null | undefined): number {
  const n = Number(ipp);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/**
 * `pg` as a page number: 1 when absent or 0, the number when it is digits; undefined when it is something
 * else (the storefront then shows page 1, the API refuses it).
 */
export function pageNumber(pg: string | null | undefined): number | undefined {
  if (pg === null || pg === undefined) return 1;
  if (!/^\d{1,15}$/.test(pg)) return undefined;
  return Math.max(1, Number(pg));
}

/** ceil(total / size), and 0 when that is not a finite number (spec). */
export function pageCount(total: number, size: number): number {
  const count = Math.ceil(total / size);
  return Number.isFinite(count) ? count : 0;
}

/** The largest `limit` a call gets (larger ones are clamped) and the furthest `offset` it may ask for. */
export const LIMIT_MAX = 100;
export const OFFSET_MAX = 1_000_000;

const intParam = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: `O parâmetro ${name} deve ser um número inteiro não negativo.` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, {
      message: `O parâmetro ${name} deve estar entre ${min} e ${max}.`,
    });

/**
 * The query of every listing call: bad numbers and unknown orders are rejected (the caller's own
 * parameters, unlike a shopper's URL inside `url`), `limit` above LIMIT_MAX is clamped. Other keys
 * (`url`, `busca`, the filters) pass through to the route.
 */
export const listingQuerySchema = z.object({
  offset: intParam('offset', 0, OFFSET_MAX).optional(),
  limit: z
    .string()
    .regex(/^\d{1,9}$/, { message: 'O parâmetro limit deve ser um número inteiro positivo.' })
    .transform((s) => Math.min(Number(s), LIMIT_MAX))
    .refine((n) => n >= 1, { message: 'O parâmetro limit deve ser maior que zero.' })
    .optional(),
  order: z
    .string()
    .transform((value, ctx) => {
      const order = orderNamed(value);
      if (order) return order;
      ctx.addIssue({ code: 'custom', message: `Ordenação inválida. Use uma destas: ${ORDERS.join(', ')}.` });
      return z.NEVER;
    })
    .optional(),
});
export type ListingQuery = z.output<typeof listingQuerySchema>;
