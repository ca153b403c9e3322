import { DEFAULT_PAGE_SIZE, OFFSET_MAX, pageNumber, pageSize } from '#/contract/listing.ts';

/**
 * Page and size of a listing URL (read by the contract's rules), and the offset/limit to ask the platform
 * for. Undefined for a page so far on that no listing reaches it (past the platform's largest offset): the
 * caller answers 404 at once, in the shopper's words, without asking.
 */
export function listingRequest(
  url: URL,
): { page: number; size: number; offset: number; limit: number } | undefined {
  // A `pg` that is not a page number shows the first page (spec: pg, otherwise 1).
  const page = pageNumber(url.searchParams.get('pg')) ?? 1;
  const size = pageSize(url.searchParams.get('ipp'));
  const offset = (page - 1) * size;
  if (offset > OFFSET_MAX) return undefined;
  return { page, size, offset, limit: size };
}

/** The storefront path and query the platform resolves (`pg` and `ipp` travel as offset/limit instead). */
export function platformUrl(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete('pg');
  if (pageSize(query.get('ipp')) === DEFAULT_PAGE_SIZE) query.delete('ipp');
  const rest = query.toString();
  return url.pathname + (rest ? `?${rest}` : '');
}
