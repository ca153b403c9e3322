import { DEFAULT_PAGE_SIZE, pageNumber, pageSize } from './pagination.ts';

/** Page and size of a listing URL, and the offset/limit to ask the platform for; undefined when `pg` is not a page. */
export function listingRequest(
  url: URL,
): { page: number; size: number; offset: number; limit: number } | undefined {
  const page = pageNumber(url.searchParams.get('pg'));
  if (page === undefined) return undefined;
  const size = pageSize(url.searchParams.get('ipp'));
  return { page, size, offset: (page - 1) * size, limit: size };
}

/** The storefront path and query the platform resolves (`pg` and `ipp` travel as offset/limit instead). */
export function platformUrl(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete('pg');
  if (pageSize(query.get('ipp')) === DEFAULT_PAGE_SIZE) query.delete('ipp');
  const rest = query.toString();
  return url.pathname + (rest ? `?${rest}` : '');
}
