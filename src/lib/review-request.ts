import { pageNumber, OFFSET_MAX } from '#/contract/listing.ts';
import { REVIEWS_PAGE_SIZE } from '#/contract/review.ts';

/** The product page's review query parameters: `avaliacoes` (page) and `nota` (only this many stars). */
export const REVIEW_PAGE_PARAM = 'avaliacoes';
export const REVIEW_STARS_PARAM = 'nota';

export type ReviewRequest = { page: number; nota: number | undefined; offset: number; limit: number };

/** Which reviews a product URL asks for; anything unreadable is the first page of all of them. */
export function reviewRequest(url: URL): ReviewRequest {
  const asked = pageNumber(url.searchParams.get(REVIEW_PAGE_PARAM)) ?? 1;
  const page = (asked - 1) * REVIEWS_PAGE_SIZE > OFFSET_MAX ? 1 : asked;
  const stars = url.searchParams.get(REVIEW_STARS_PARAM) ?? '';
  return {
    page,
    nota: /^[1-5]$/.test(stars) ? Number(stars) : undefined,
    offset: (page - 1) * REVIEWS_PAGE_SIZE,
    limit: REVIEWS_PAGE_SIZE,
  };
}

/** The product URL showing another page or star count of its reviews (other parameters kept), at the list. */
export function reviewHref(url: URL, page: number, nota: number | undefined): string {
  const query = new URLSearchParams(url.search);
  query.delete(REVIEW_PAGE_PARAM);
  query.delete(REVIEW_STARS_PARAM);
  if (nota !== undefined) query.set(REVIEW_STARS_PARAM, String(nota));
  if (page > 1) query.set(REVIEW_PAGE_PARAM, String(page));
  const rest = query.toString();
  return `${url.pathname}${rest ? `?${rest}` : ''}#avaliacoes`;
}
