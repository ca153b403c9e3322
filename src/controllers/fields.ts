/** Reading what a form posted. */

/** Longer than the longest field any form takes (a message: 2,000 characters). */
export const FIELD_MAX = 5000;

/** A form's text fields by name. */
export type Fields = Record<string, string>;

/** The posted text fields (files and repeated names ignored). */
export async function formFields(request: Request): Promise<Fields> {
  return fieldsOf(await request.formData().catch(() => undefined));
}

/** A read form's text fields: the first value of each name. */
export function fieldsOf(form: FormData | undefined): Fields {
  const fields: Fields = {};
  // A value longer than any field takes is dropped, never echoed back into the page.
  for (const [name, value] of form?.entries() ?? [])
    if (typeof value === 'string' && value.length <= FIELD_MAX) fields[name] ??= value;
  return fields;
}

/** The fields of a POST, or undefined for any other method. */
export const postedFields = async (request: Request): Promise<Fields | undefined> =>
  request.method === 'POST' ? formFields(request) : undefined;

/** A path of this store to go back to: never another site (no open redirect). */
export function safeBack(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/')) return fallback;
  // The browser's own parsing decides: it drops tabs and line breaks and reads `\` as `/`, so `/\t/evil.tld`
  // and `/\evil.tld` are other origins. Only what stays on ours comes back, as the path it parsed to.
  const base = 'https://loja.invalid';
  const parsed = URL.parse(value, base);
  if (parsed?.origin !== base) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * One handler per button (`acao`, the name every form's buttons post), or `otherwise` for a value no
 * handler takes (a form with one button posts none).
 */
export function byAction<T>(
  fields: Fields,
  handlers: Partial<Record<string, (fields: Fields) => Promise<T>>>,
  otherwise: (fields: Fields) => Promise<T>,
): Promise<T> {
  const handler = handlers[fields['acao'] ?? ''];
  return (handler ?? otherwise)(fields);
}
