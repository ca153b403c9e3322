// One concern: coupons as the store's team manages them (the staff API now, the back office next), in the
// contract's Portuguese shape.
import { asc, eq, inArray } from 'drizzle-orm';
import { couponCreateSchema } from '#/contract/coupon.ts';
import type { CouponAdmin, CouponCreate, CouponUpdate } from '#/contract/coupon.ts';
import type { Db } from '#/server/db/client.ts';
import { isUniqueViolation } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { catalogueChoices } from '#/server/catalog/product-options.ts';
import { badRequest, notFound, PlatformError } from '#/server/errors.ts';
import type { CouponRow, NewCoupon } from './coupons.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

function toAdmin(row: CouponRow): CouponAdmin {
  const { categoryIds, brandIds, productIds, finishes } = row.restriction;
  return {
    codigo: row.code,
    descricao: row.description,
    tipo: row.kind,
    valor: row.value,
    inicio: iso(row.startsAt),
    fim: iso(row.endsAt),
    valorMinimo: row.minSubtotal,
    primeiraCompra: row.firstPurchase,
    usosPorCliente: row.usesPerCustomer,
    usosMaximos: row.maxUses,
    usados: row.used,
    ativo: row.active,
    restricao: {
      ...(categoryIds ? { categorias: categoryIds } : {}),
      ...(brandIds ? { marcas: brandIds } : {}),
      ...(productIds ? { produtos: productIds } : {}),
      ...(finishes ? { acabamentos: finishes } : {}),
    },
  };
}

/** The contract's fields as columns (only those given). */
function toColumns(fields: CouponUpdate): Partial<NewCoupon> {
  const restriction = fields.restricao;
  return {
    ...(fields.descricao !== undefined ? { description: fields.descricao } : {}),
    ...(fields.tipo !== undefined ? { kind: fields.tipo } : {}),
    ...(fields.valor !== undefined ? { value: fields.valor } : {}),
    ...(fields.inicio !== undefined ? { startsAt: date(fields.inicio) } : {}),
    ...(fields.fim !== undefined ? { endsAt: date(fields.fim) } : {}),
    ...(fields.valorMinimo !== undefined ? { minSubtotal: fields.valorMinimo } : {}),
    ...(fields.primeiraCompra !== undefined ? { firstPurchase: fields.primeiraCompra } : {}),
    ...(fields.usosPorCliente !== undefined ? { usesPerCustomer: fields.usosPorCliente } : {}),
    ...(fields.usosMaximos !== undefined ? { maxUses: fields.usosMaximos } : {}),
    ...(fields.ativo !== undefined ? { active: fields.ativo } : {}),
    ...(restriction
      ? {
          restriction: {
            ...(restriction.categorias ? { categoryIds: restriction.categorias } : {}),
            ...(restriction.marcas ? { brandIds: restriction.marcas } : {}),
            ...(restriction.produtos ? { productIds: restriction.produtos } : {}),
            ...(restriction.acabamentos ? { finishes: restriction.acabamentos } : {}),
          },
        }
      : {}),
  };
}

/** What a coupon may be restricted to: what the team chooses products by. */
export const couponOptions = catalogueChoices;

/** A restriction that names what does not exist, or a category no product is in, is a 400 saying which. */
async function checkRestriction(db: Db, restriction: CouponUpdate['restricao']): Promise<void> {
  if (!restriction) return;
  const options = await couponOptions(db);
  const missing = <T>(given: readonly T[] | undefined, known: readonly T[]) =>
    (given ?? []).find((v) => !known.includes(v));
  const category = missing(
    restriction.categorias,
    options.categorias.map((c) => c.id),
  );
  if (category !== undefined)
    throw badRequest(
      `A categoria ${String(category)} não existe ou tem subcategorias: escolha categorias finais.`,
    );
  const brand = missing(
    restriction.marcas,
    options.marcas.map((m) => m.id),
  );
  if (brand !== undefined) throw badRequest(`A marca ${String(brand)} não existe.`);
  const finish = missing(
    restriction.acabamentos,
    options.acabamentos.map((f) => f.slug),
  );
  if (finish !== undefined) throw badRequest(`O acabamento ${finish} não existe.`);
  const products = restriction.produtos ?? [];
  if (products.length > 0) {
    const found = await db
      .select({ id: t.products.id })
      .from(t.products)
      .where(inArray(t.products.id, products));
    const product = missing(
      products,
      found.map((p) => p.id),
    );
    if (product !== undefined) throw badRequest(`O produto ${String(product)} não existe.`);
  }
}

/** Every coupon, newest first. */
export async function listCoupons(db: Db): Promise<CouponAdmin[]> {
  const rows = await db.select().from(t.coupons).orderBy(asc(t.coupons.code));
  return rows.map(toAdmin);
}

/** A new coupon; its code taken already is a 409. */
export async function createCoupon(db: Db, coupon: CouponCreate): Promise<CouponAdmin> {
  const { codigo, ...fields } = coupon;
  await checkRestriction(db, fields.restricao);
  try {
    const [row] = await db
      .insert(t.coupons)
      .values({ code: codigo, ...toColumns(fields), description: fields.descricao, kind: fields.tipo })
      .returning();
    if (!row) throw new Error('coupon insert returned nothing');
    return toAdmin(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new PlatformError(409, 'coupon_taken', `Já existe um cupom ${codigo}. Escolha outro código.`);
    throw error;
  }
}

/**
 * Change a coupon's fields (its code and its uses stay); the result must still be a coupon a new one could
 * be (a percentage up to 100, an end after its start), else a 400. An unknown code is a 404.
 */
export async function updateCoupon(
  db: Db,
  code: string,
  fields: CouponUpdate,
): Promise<{ before: CouponAdmin; after: CouponAdmin }> {
  const [current] = await db.select().from(t.coupons).where(eq(t.coupons.code, code));
  if (!current) throw notFound(`Não há cupom ${code}.`);
  const { usados: _used, ...merged } = { ...toAdmin(current), ...fields };
  const check = couponCreateSchema.safeParse(merged);
  if (!check.success) throw badRequest(check.error.issues[0]?.message ?? 'Cupom inválido.');
  await checkRestriction(db, fields.restricao);
  const [row] = await db.update(t.coupons).set(toColumns(fields)).where(eq(t.coupons.code, code)).returning();
  if (!row) throw notFound(`Não há cupom ${code}.`);
  return { before: toAdmin(current), after: toAdmin(row) };
}
