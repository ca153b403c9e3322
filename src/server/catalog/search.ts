import { sql } from 'drizzle-orm';
import { queryRows } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import { normalizeText } from '#/server/lib/text.ts';
import { catalogCaches } from './caches.ts';

const MAX_WORDS = 8;
const SIMILARITY = 0.45;
const CANDIDATES_PER_WORD = 6;

export type SearchPlan = {
  /** `to_tsquery('portuguese', ...)` text made only of [a-z0-9] words and operators; '' = nothing matches. */
  tsquery: string;
  /** Corrected words, when the shopper's spelling was not found as typed. */
  suggestions: string[];
};

/**
 * Turn shopper text into a full-text query: every word must match, each through its exact form,
 * its Portuguese stem (plural/singular), a known word that starts with it, or a known word a small
 * typo away (trigram similarity). Text is only ever data: punctuation, `%`, `_` and quotes are separators.
 */
/** `text` is already `searchText` (src/contract/search.ts): trimmed and clamped once, by the route. */
export function planSearch(db: Db, text: string): Promise<SearchPlan> {
  return catalogCaches(db).searches.getOrCompute(text, () => computePlan(db, text));
}

async function computePlan(db: Db, text: string): Promise<SearchPlan> {
  // Single letters carry no meaning.
  const words = [...new Set(normalizeText(text).split(' '))].filter((w) => w.length > 1).slice(0, MAX_WORDS);
  if (words.length === 0) return { tsquery: '', suggestions: [] };
  // Per query word, the best few known words: exact, by prefix (a text_pattern_ops range: words are [a-z0-9],
  // and '{' sorts right after 'z'), or a small typo away; each branch uses an index.
  const rows = await queryRows<{ w: string; word: string }>(
    db,
    sql`
    SELECT q.w, c.word
    FROM unnest(string_to_array(${words.join(' ')}, ' ')) AS q(w)
    CROSS JOIN LATERAL (
      SELECT u.word FROM (
        SELECT t.word, 2.0::real AS score, t.frequency FROM search_terms t WHERE t.word = q.w
        UNION ALL
        SELECT t.word, similarity(t.word, q.w), t.frequency FROM search_terms t
          WHERE length(q.w) >= 3 AND t.word ~>=~ q.w AND t.word ~<~ (q.w || '{') AND t.word <> q.w
        UNION ALL
        SELECT t.word, similarity(t.word, q.w), t.frequency FROM search_terms t
          WHERE length(q.w) >= 4 AND t.word % q.w AND t.word <> q.w AND similarity(t.word, q.w) >= ${SIMILARITY}
      ) u
      ORDER BY u.score DESC, u.frequency DESC, u.word
      LIMIT ${CANDIDATES_PER_WORD * 2}
    ) c`,
  );
  const groups = words.map((w) => {
    const found = [...new Set(rows.filter((r) => r.w === w).map((r) => r.word))].slice(
      0,
      CANDIDATES_PER_WORD,
    );
    // A word unknown to the catalogue still gets its own stem: 'torneiras' needs no vocabulary entry.
    return { w, found, exact: found.includes(w) };
  });
  const suggestions = groups.filter((g) => !g.exact && g.found[0]).map((g) => g.found[0] as string);
  const tsquery = groups
    .map((g) => `(${[g.w, ...g.found.filter((x) => x !== g.w)].join(' | ')})`)
    .join(' & ');
  return { tsquery, suggestions };
}
