// One concern: coupons. What a code takes off a cart now, or why it does not apply, in the shopper's words.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { couponState } from '#/contract/coupon.ts';
import type { Cupom, CupomPublico } from '#/contract/coupon.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { percentOf, sumReais, toCents, toReais } from '#/server/lib/prices.ts';
import { formatBRL } from '#/lib/money.ts';

export type CouponRow = typeof t.coupons.$inferSelect;
export type NewCoupon = Omit<typeof t.coupons.$inferInsert, 'id' | 'used' | 'createdAt'>;

/** A cart line as a coupon judges it. */
export type CouponLine = {
  productId: number;
  brandId: number;
  categoryId: number;
  finish: string;
  total: number;
};

/** The logged-in buyer's history with the store: orders not cancelled, and those that used this coupon. */
export type BuyerHistory = { orders: number; usedThis: number };

export type CouponContext = {
  lines: CouponLine[];
  now: Date;
  /** Undefined for a guest: first-purchase and per-customer rules are judged when the order is placed. */
  buyer?: BuyerHistory | undefined;
};

export type CouponVerdict =
  | { ok: true; productsDiscount: number; shippingPercent: number }
  | { ok: false; error: string; reason: string };

const brasilia = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** '27/11/2026 às 23h59' (Brasília time). */
const when = (date: Date) => brasilia.format(date).replace(', ', ' às ').replace(':', 'h');

const refused = (error: string, reason: string): CouponVerdict => ({ ok: false, error, reason });

/** Whether a line is one the coupon covers: every restriction it sets must hold (none: every line). */
export function covers(coupon: Pick<CouponRow, 'restriction'>, line: CouponLine): boolean {
  const { categoryIds, brandIds, productIds, finishes } = coupon.restriction;
  return (
    (!categoryIds?.length || categoryIds.includes(line.categoryId)) &&
    (!brandIds?.length || brandIds.includes(line.brandId)) &&
    (!productIds?.length || productIds.includes(line.productId)) &&
    (!finishes?.length || finishes.includes(line.finish))
  );
}

/** What the coupon takes off this cart now, or the first reason it does not apply. */
export function judgeCoupon(coupon: CouponRow, { lines, now, buyer }: CouponContext): CouponVerdict {
  if (!coupon.active) return refused('coupon_inactive', 'Este cupom não está mais ativo.');
  if (coupon.startsAt && now < coupon.startsAt)
    return refused('coupon_not_started', `Este cupom vale a partir de ${when(coupon.startsAt)}.`);
  if (coupon.endsAt && now > coupon.endsAt)
    return refused('coupon_expired', `Este cupom expirou em ${when(coupon.endsAt)}.`);
  if (coupon.maxUses !== null && coupon.used >= coupon.maxUses)
    return refused('coupon_exhausted', 'Este cupom esgotou: todos os usos já foram aproveitados.');
  if (coupon.firstPurchase && buyer && buyer.orders > 0)
    return refused('coupon_first_purchase', 'Este cupom é só para a primeira compra na loja.');
  if (coupon.usesPerCustomer !== null && buyer && buyer.usedThis >= coupon.usesPerCustomer)
    return refused('coupon_used', 'Você já usou este cupom.');
  if (lines.length === 0)
    return refused('coupon_empty_cart', 'Adicione produtos à sacola para usar o cupom.');
  const eligible = lines.filter((line) => covers(coupon, line));
  if (eligible.length === 0)
    return refused(
      'coupon_products',
      `Nenhum produto da sua sacola participa deste cupom (${coupon.description}).`,
    );
  const subtotal = sumReais(lines.map((line) => line.total));
  if (subtotal < coupon.minSubtotal)
    return refused(
      'coupon_minimum',
      `Este cupom vale para compras a partir de ${formatBRL(coupon.minSubtotal)}: faltam ${formatBRL(toReais(toCents(coupon.minSubtotal) - toCents(subtotal)))}.`,
    );
  const base = sumReais(eligible.map((line) => line.total));
  switch (coupon.kind) {
    case 'produtos-percentual':
      return { ok: true, productsDiscount: percentOf(base, coupon.value), shippingPercent: 0 };
    case 'produtos-valor':
      return { ok: true, productsDiscount: Math.min(base, coupon.value), shippingPercent: 0 };
    case 'frete-percentual':
      return { ok: true, productsDiscount: 0, shippingPercent: Math.min(100, coupon.value) };
    case 'frete-gratis':
      return { ok: true, productsDiscount: 0, shippingPercent: 100 };
  }
}

/** The coupon of a code (any case, trimmed by the contract), active or not; undefined when unknown. */
export async function findCoupon(db: Db, code: string): Promise<CouponRow | undefined> {
  const [coupon] = await db.select().from(t.coupons).where(eq(t.coupons.code, code.toUpperCase()));
  return coupon;
}

/** The customer's orders that count (not cancelled), and those that used `code`. */
export async function buyerHistory(db: Db, customerId: number, code: string): Promise<BuyerHistory> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      usedThis: sql<number>`count(*) filter (where ${t.orders.couponCode} = ${code})::int`,
    })
    .from(t.orders)
    .where(and(eq(t.orders.customerId, customerId), ne(t.orders.status, 'cancelled')));
  return { orders: row?.orders ?? 0, usedThis: row?.usedThis ?? 0 };
}

/** The cart's `cupom` block for a verdict. */
export function cupomOf(coupon: CouponRow, verdict: CouponVerdict): Cupom {
  return {
    codigo: coupon.code,
    descricao: coupon.description,
    tipo: coupon.kind,
    aplicado: verdict.ok,
    motivo: verdict.ok ? '' : verdict.reason,
    desconto: verdict.ok ? verdict.productsDiscount : 0,
    freteDesconto: verdict.ok ? verdict.shippingPercent : 0,
  };
}

/** What a page may say of a coupon at `now`: its public rules and where it stands (never its uses or limits). */
export function publicCoupon(coupon: CouponRow, now: Date): CupomPublico {
  const inicio = coupon.startsAt?.toISOString() ?? null;
  const fim = coupon.endsAt?.toISOString() ?? null;
  return {
    codigo: coupon.code,
    descricao: coupon.description,
    tipo: coupon.kind,
    valor: coupon.value,
    valorMinimo: coupon.minSubtotal,
    primeiraCompra: coupon.firstPurchase,
    inicio,
    fim,
    situacao: couponState(
      { ativo: coupon.active, inicio, fim, usosMaximos: coupon.maxUses, usados: coupon.used },
      now.getTime(),
    ),
  };
}

/**
 * Count one use of the coupon, inside the order's transaction: only while uses are left (one conditional
 * UPDATE, so racing buyers of the last use make exactly one order with it). False when none is left.
 */
export async function takeUse(tx: Db, couponId: number): Promise<boolean> {
  const taken = await tx
    .update(t.coupons)
    .set({ used: sql`${t.coupons.used} + 1` })
    .where(
      and(
        eq(t.coupons.id, couponId),
        sql`(${t.coupons.maxUses} is null or ${t.coupons.used} < ${t.coupons.maxUses})`,
      ),
    )
    .returning({ id: t.coupons.id });
  return taken.length > 0;
}

/** Give back the uses of these cancelled orders' coupons. */
export async function returnUses(tx: Db, numbers: number[]): Promise<void> {
  if (numbers.length === 0) return;
  const byCode = await tx
    .select({ code: t.orders.couponCode, n: sql<number>`count(*)::int` })
    .from(t.orders)
    .where(and(inArray(t.orders.number, numbers), ne(t.orders.couponCode, '')))
    .groupBy(t.orders.couponCode);
  for (const { code, n } of byCode)
    await tx
      .update(t.coupons)
      .set({ used: sql`greatest(0, ${t.coupons.used} - ${n})` })
      .where(eq(t.coupons.code, code));
}

/**
 * The coupon on a session's cart, judged against its lines now (and the logged-in buyer's history); undefined
 * when the cart has none. A coupon removed since it was put on the cart is reported, not applied.
 */
export async function sessionCoupon(
  db: Db,
  session: string,
  lines: CouponLine[],
): Promise<Cupom | undefined> {
  const [row] = await db
    .select({ code: t.sessions.couponCode, customerId: t.sessions.customerId })
    .from(t.sessions)
    .where(eq(t.sessions.id, session));
  if (!row?.code) return undefined;
  const coupon = await findCoupon(db, row.code);
  if (!coupon)
    return {
      codigo: row.code,
      descricao: '',
      tipo: 'produtos-percentual',
      aplicado: false,
      motivo: 'Este cupom não existe mais.',
      desconto: 0,
      freteDesconto: 0,
    };
  const buyer = row.customerId === null ? undefined : await buyerHistory(db, row.customerId, coupon.code);
  return cupomOf(coupon, judgeCoupon(coupon, { lines, now: new Date(), buyer }));
}

/** Put a coupon on the session's cart (the session row is made if the visitor has none yet). */
export async function setSessionCoupon(db: Db, session: string, code: string): Promise<void> {
  await db
    .insert(t.sessions)
    .values({ id: session, couponCode: code })
    .onConflictDoUpdate({ target: t.sessions.id, set: { couponCode: code, updatedAt: sql`now()` } });
}

/** The code on a session's cart, as it was put there ('' for none). */
export async function sessionCouponCode(db: Db, session: string): Promise<string> {
  const [row] = await db
    .select({ code: t.sessions.couponCode })
    .from(t.sessions)
    .where(eq(t.sessions.id, session));
  return row?.code ?? '';
}

/** Why the cart's coupon does not apply, or `fallback` when the cart carries none (or no reason). */
export function couponRefusal(cupom: Cupom | undefined, fallback: string): string {
  if (cupom && cupom.motivo !== '') return cupom.motivo;
  return fallback;
}
