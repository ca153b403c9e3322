// One concern: what a downloaded sheet held, carried in its own `versao` column, so a sheet sent back later
// changes only the cells the team changed: a cell still as it was downloaded changes nothing (a sale made
// since, a price another member changed), and a cell changed in the sheet and in the store is refused.
import { createHash } from 'node:crypto';
import { formatBRL } from '#/lib/money.ts';
import { refuse } from './cells.ts';
import type { Lookups } from './lookups.ts';
import type { Given, ProductState, VariantState } from './plan.ts';
import type { FiscalFields } from './fiscal.ts';

const FISCAL_LABELS: Record<keyof FiscalFields, string> = {
  ncm: 'O NCM',
  cest: 'O CEST',
  origin: 'A origem',
  gtin: 'O GTIN',
};

/** A finish as the sheet was downloaded: names by a short hash, money in cents. */
export type Snapshot = {
  name: string;
  brandId: number;
  categoryId: number;
  finish: string;
  listPrice: number;
  price: number;
  stock: number;
} & FiscalFields;

/** `v2.` also holds the fiscal cells; a `v1.` cell (a sheet downloaded before they existed) still reads. */
const PREFIX = 'v2.';
const OLD_PREFIX = 'v1.';
const short = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 10);

/** The `versao` cell of a row: the row's SKU and what it held, compact and opaque (it is not for editing). */
export function snapshotCell(sku: string, s: Snapshot): string {
  const values = [
    short(sku.toLowerCase()),
    short(s.name),
    s.brandId,
    s.categoryId,
    s.finish,
    Math.round(s.listPrice * 100),
    Math.round(s.price * 100),
    s.stock,
    s.ncm,
    s.cest,
    s.origin,
    s.gtin,
  ];
  return PREFIX + Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** What a row held when downloaded, with its name as a hash; undefined for no cell, another SKU's, or garbage. */
export type ReadSnapshot = Omit<Snapshot, 'name' | keyof FiscalFields> & {
  nameHash: string;
  /** Absent for a `v1.` sheet (it had no fiscal cells). */
  fiscal?: FiscalFields;
};

export function readSnapshot(cell: string | number | undefined, sku: string): ReadSnapshot | undefined {
  if (typeof cell !== 'string' || cell.length > 500) return undefined;
  const v2 = cell.startsWith(PREFIX);
  if (!v2 && !cell.startsWith(OLD_PREFIX)) return undefined;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cell.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(values) || values.length !== (v2 ? 12 : 8)) return undefined;
  const [skuHash, nameHash, brandId, categoryId, finish, listPrice, price, stock, ncm, cest, origin, gtin] =
    values as unknown[];
  const whole = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
  if (skuHash !== short(sku.toLowerCase()) || typeof nameHash !== 'string' || typeof finish !== 'string')
    return undefined;
  if (![brandId, categoryId, listPrice, price, stock].every(whole)) return undefined;
  const fiscal =
    typeof ncm === 'string' && typeof cest === 'string' && whole(origin) && typeof gtin === 'string'
      ? { ncm, cest, origin, gtin }
      : undefined;
  if (v2 && !fiscal) return undefined;
  return {
    ...(fiscal ? { fiscal } : {}),
    nameHash,
    brandId: brandId as number,
    categoryId: categoryId as number,
    finish,
    listPrice: (listPrice as number) / 100,
    price: (price as number) / 100,
    stock: stock as number,
  };
}

/** Whether a name is the one a snapshot holds. */
export const sameName = (name: string, snap: ReadSnapshot) => short(name) === snap.nameHash;

const money = formatBRL;

/**
 * Each cell against the sheet as it was downloaded: one the team left as it was is dropped (the store's
 * value stands, whatever changed since); one changed in the sheet while the store's value also changed
 * since the download refuses the row, saying what the store holds now.
 */
export function sinceDownload(
  given: Given,
  now: { variant: VariantState; product: ProductState; look: Lookups },
  snap: ReadSnapshot,
): void {
  const { variant: existing, product: owner, look } = now;
  const since = (what: string, now: string) =>
    refuse(`${what} mudou desde que a planilha foi baixada: agora ${now}. Baixe a planilha de novo.`);
  if (given.name !== undefined) {
    if (sameName(given.name, snap)) given.name = undefined;
    else if (!sameName(owner.name, snap) && given.name !== owner.name) since('O nome', `"${owner.name}"`);
  }
  const fields = [
    ['brandId', owner.brandId, snap.brandId, 'A marca', (v: number) => look.brandName(v)],
    ['categoryId', owner.categoryId, snap.categoryId, 'A categoria', (v: number) => look.categoryPath(v)],
    ['listPrice', existing.listPrice, snap.listPrice, 'O preço de', money],
    ['price', existing.price, snap.price, 'O preço por', money],
    ['stock', existing.stock, snap.stock, 'O estoque', String],
  ] as const;
  for (const [field, now, then, what, shown] of fields) {
    const value = given[field];
    if (value === undefined) continue;
    if (value === then) given[field] = undefined;
    else if (now !== then && value !== now) since(what, shown(now));
  }
  for (const field of ['ncm', 'cest', 'origin', 'gtin'] as const) {
    const value = given[field];
    const then = snap.fiscal?.[field];
    if (value === undefined || then === undefined) continue;
    if (value === then) Object.assign(given, { [field]: undefined });
    else if (existing[field] !== then && value !== existing[field])
      since(FISCAL_LABELS[field], String(existing[field]));
  }
  if (given.finish) {
    if (given.finish.slug === snap.finish) given.finish = undefined;
    else if (existing.finish !== snap.finish && given.finish.slug !== existing.finish)
      since('O acabamento', existing.finishLabel);
  }
}
