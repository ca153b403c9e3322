/** Listing size and page as the storefront reads them from `ipp` and `pg` (spec section 5). */
export const PAGE_SIZES = [12, 16, 24, 32] as const;
export const DEFAULT_PAGE_SIZE = 40;

/** `ipp` when it is one of the offered sizes (or the default), else the default. */
export function pageSize(ipp: string | null): number {
  const n = Number(ipp);
  return (PAGE_SIZES as readonly number[]).includes(n) || n === DEFAULT_PAGE_SIZE ? n : DEFAULT_PAGE_SIZE;
}

/** `pg` as a page number: 1 unless it is a whole number from 1 (spec: pg defaults to 1). */
export function pageNumber(pg: string | null): number {
  if (pg === null || !/^\d{1,15}$/.test(pg)) return 1;
  const n = Number(pg);
  return n >= 1 ? n : 1;
}

/** ceil(total / size), and 0 when that is not a finite number. */
export function pageCount(total: number, size: number): number {
  const count = Math.ceil(total / size);
  return Number.isFinite(count) ? count : 0;
}
