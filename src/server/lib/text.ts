/** Lower-case, accents removed, anything but letters and digits turned into single spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** URL slug of a Portuguese name: `Torneira Cozínha 1/4` → `torneira-cozinha-1-4`. */
export function slugify(text: string): string {
  return normalizeText(text).replace(/ /g, '-');
}

/** Text typed in a search, for LIKE: `%`, `_` and `\\` are themselves, not patterns. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
