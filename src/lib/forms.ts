import { ApiError } from '#/api/core.ts';

/** Reading posted forms in pages. */

/** Longer than the longest field any form takes (a message: 2,000 characters). */
export const FIELD_MAX = 5000;

/** The posted text fields (files and repeated names ignored). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => undefined);
  const fields: Record<string, string> = {};
  // A value longer than any field takes is dropped, never echoed back into the page.
  for (const [name, value] of form?.entries() ?? [])
    if (typeof value === 'string' && value.length <= FIELD_MAX) fields[name] ??= value;
  return fields;
}

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

export type FormOutcome = {
  values: Record<string, string>;
  errors: Readonly<Record<string, string>>;
  message: { text: string; error: boolean };
  /** The platform's status when it refused the form (for the page's own status). */
  status?: number;
};

/**
 * Post a page's form to the platform: its fields, then the platform's answer, or its refusal with a
 * message per field (a summary line when several fields are wrong).
 */
export async function submitForm(
  request: Request,
  send: (values: Record<string, string>) => Promise<{ mensagem: string }>,
): Promise<FormOutcome> {
  return submitFields(await formFields(request), send);
}

/** submitForm for fields already read (a page that looks at them first). */
export async function submitFields(
  values: Record<string, string>,
  send: (values: Record<string, string>) => Promise<{ mensagem: string }>,
): Promise<FormOutcome> {
  try {
    return { values, errors: {}, message: { text: (await send(values)).mensagem, error: false } };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const several = Object.keys(error.fields).length > 1;
    return {
      values,
      errors: error.fields,
      status: error.status,
      message: { text: several ? 'Confira os campos marcados abaixo.' : error.mensagem, error: true },
    };
  }
}
