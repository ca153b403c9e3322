/** Kept apart from the zod schema (search.ts) so the header's island can use it without zod. */

/** Longest search text considered; the rest is ignored (a documented clamp, never an error). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * The search text as every layer takes it: trimmed, and past SEARCH_MAX_LENGTH cut at a word boundary
 * (a cut last word would match nothing). The header's box, the results page and the platform all use it.
 */
export function searchText(raw: string): string {
  const trimmed = raw.trim();
  return trimmed.length > SEARCH_MAX_LENGTH
    ? trimmed.slice(0, SEARCH_MAX_LENGTH).replace(/\s*\S*$/, '')
    : trimmed;
}
