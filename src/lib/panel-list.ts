// The panel's list pages share their links and filter fields (controllers/panel-list.ts, components/panel/ListPage.astro).

/** A form's typed values by field name. */
type Fields = Record<string, string>;

/** One filter of a list's form: a search box, a date, or a choice. */
export type FilterField = {
  name: string;
  label: string;
  type?: 'search' | 'date';
  options?: readonly (readonly [string, string])[];
  hint?: string;
};

/** A list's address with some of its filters changed (a status tab, a page); empty ones left out. */
export function listHref(
  path: string,
  filters: Fields,
  change: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...change })) if (v) params.set(k, v);
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}`;
}
