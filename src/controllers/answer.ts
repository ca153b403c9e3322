import type { AstroGlobal } from 'astro';
import { ApiError } from '#/api/core.ts';
import type { Fields } from './fields.ts';

/** What a page shows about its last action: a success line, or a refusal in the shopper's words. */
export type Notice = { text: string; error: boolean };

/**
 * What a controller answers its page: the view to render (with the status when the platform refused
 * something), or where to send the visitor instead (303 after a post, so a reload does not post again).
 */
export type Answer<View> =
  { view: View; status?: number | undefined; shared?: boolean } | { redirect: string; status?: 302 | 303 };

export const redirect = (to: string, status: 302 | 303 = 303) => ({ redirect: to, status });

/**
 * The refusal a page shows: a 4xx from the platform, returned. Anything else (the platform failing, a
 * bug) is thrown to the error page.
 */
export function refusal(error: unknown): ApiError {
  if (error instanceof ApiError && error.status < 500) return error;
  throw error;
}

/**
 * A refusal of a list's entries (`itens.2.link`, `regioes.SE.dias`) said under the form's own field for that
 * row (`link-5`, `dias-SE`): `rowOf` names the form's row of each entry the body sent (undefined: none); any
 * other field is renamed by `rename`.
 */
export function refusalInRows(
  error: ApiError,
  list: string,
  rowOf: (entry: string) => string | undefined,
  rename: (key: string) => string = (key) => key,
): ApiError {
  const fields: Record<string, string> = {};
  const entry = new RegExp(`^${list}\\.([^.]+)\\.(\\w+)$`);
  for (const [key, message] of Object.entries(error.fields)) {
    const m = entry.exec(key);
    const row = m ? rowOf(m[1] ?? '') : undefined;
    fields[m && row !== undefined ? `${m[2] ?? ''}-${row}` : rename(key)] = message;
  }
  return new ApiError(error.status, error.endpoint, error.mensagem, fields);
}

/** The row of each entry the body sent, by its index in the list (`rowOf[2]`: the form's row of entry 2). */
export const rowsByIndex =
  (rowOf: readonly number[]) =>
  (index: string): string | undefined => {
    const row = rowOf[Number(index)];
    return row === undefined ? undefined : String(row);
  };

/** A one-field form refused by the platform: its status and what to say by the field (else the message). */
export function fieldRefusal(error: unknown, field: string): { status: number; why: string } {
  const refused = refusal(error);
  return { status: refused.status, why: refused.fields[field] ?? refused.mensagem };
}

/** A form refused by the platform: what was typed, a message per field, and the line above the form. */
export type FormOutcome = {
  values: Fields;
  errors: Readonly<Record<string, string>>;
  notice: Notice;
  /** The platform's status when it refused the form (for the page's own status). */
  status?: number;
};

/** The line above a refused form: the platform's message, or a summary when several fields are wrong. */
export const refusalLine = (error: ApiError, several = 'Confira os campos marcados abaixo.'): string =>
  Object.keys(error.fields).length > 1 ? several : error.mensagem;

/** Send a form's fields to the platform: its answer's message, or its refusal with a message per field. */
export async function submitFields(
  values: Fields,
  send: (values: Fields) => Promise<{ mensagem: string }>,
): Promise<FormOutcome> {
  try {
    return { values, errors: {}, notice: { text: (await send(values)).mensagem, error: false } };
  } catch (error) {
    const refused = refusal(error);
    return {
      values,
      errors: refused.fields,
      status: refused.status,
      notice: { text: refusalLine(refused), error: true },
    };
  }
}

/**
 * The page's side of an Answer: a redirect as the Response to return, or the view, with the page marked
 * private (it is this visitor's, unless the controller says it is the same for everyone) and its status.
 */
export function respond<View>(
  page: Pick<AstroGlobal, 'redirect' | 'response'>,
  answer: Answer<View>,
): Response | View {
  if ('redirect' in answer) return page.redirect(answer.redirect, answer.status ?? 303);
  if (!answer.shared) page.response.headers.set('Cache-Control', 'private, no-store');
  if (answer.status) page.response.status = answer.status;
  return answer.view;
}

/** A form on a page anyone may see: nothing posted yet, or how the post went. */
export type PublicForm = FormOutcome | undefined;

/**
 * A public page's form (contact, the architects' programme): the page without a post is the same for
 * everyone (cacheable); a post sends the fields to the platform and shows how it went, to this visitor.
 */
export async function publicForm(
  request: Request,
  fields: Fields | undefined,
  send: (values: Fields) => Promise<{ mensagem: string }>,
): Promise<Answer<PublicForm>> {
  if (!fields || request.method !== 'POST') return { view: undefined, shared: true };
  const outcome = await submitFields(fields, send);
  return { view: outcome, status: outcome.status };
}
