/** Reading posted forms in pages. */

/** The posted text fields (files and repeated names ignored). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => undefined);
  const fields: Record<string, string> = {};
  for (const [name, value] of form?.entries() ?? []) if (typeof value === 'string') fields[name] ??= value;
  return fields;
}

/** A path of this store to go back to: never another site (no open redirect). */
export const safeBack = (value: string | null | undefined, fallback = '/'): string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : fallback;
