import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { newErrorReference } from '#/contract/common.ts';
import type { ErrorCode } from '#/contract/common.ts';
import { errorCode, isDataException, isUnavailable } from './db/health.ts';

/** A path as a log line may hold it: the Pix webhook's secret segment (a key to post notices) is hidden. */
export const loggedPath = (path: string): string => path.replace(/(\/webhooks\/pix\/)[^/]+/, '$1…');

/** An error the platform answers with its own status and a Portuguese message for the shopper. */
export class PlatformError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly mensagem: string;
  /** What is wrong with each field of a form, when the refusal is about fields. */
  readonly erros: Readonly<Record<string, string>> | undefined;
  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    mensagem: string,
    erros?: Readonly<Record<string, string>>,
  ) {
    super(mensagem);
    this.status = status;
    this.code = code;
    this.mensagem = mensagem;
    this.erros = erros;
  }
}

/** A form refused field by field (400): the first message on top, each field's by the field. */
export const invalidFields = (erros: Readonly<Record<string, string>>) =>
  new PlatformError(400, 'validation', Object.values(erros)[0] ?? 'Confira os campos do formulário.', erros);

/**
 * A zod validator's hook that refuses a body field by field (400 with `erros`: each field's first problem),
 * so a panel form says each under its own field, not one at a time. `fieldOf` names the field an issue's
 * path belongs to (the top key by default).
 */
export const refuseByField =
  (
    fallback: string,
    fieldOf: (path: readonly PropertyKey[]) => PropertyKey | undefined = (path) => path[0],
  ) =>
  (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
    if (result.success) return;
    const erros: Record<string, string> = {};
    for (const issue of result.error?.issues ?? [])
      erros[String(fieldOf(issue.path) ?? 'formulario')] ??= issue.message;
    throw new PlatformError(400, 'validation', Object.values(erros)[0] ?? fallback, erros);
  };

export const badRequest = (mensagem: string) => new PlatformError(400, 'bad_request', mensagem);
export const notFound = (mensagem = 'Página não encontrada.') =>
  new PlatformError(404, 'not_found', mensagem);

/** Seconds a client should wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

export const unavailable = () =>
  new PlatformError(
    503,
    'unavailable',
    'A loja está temporariamente indisponível. Tente de novo em alguns segundos.',
  );

/** One place that turns every failure into `{ error, mensagem }` with a real status. */
export function onError(error: Error, c: Context) {
  if (isUnavailable(error)) {
    console.error(
      `[platform] database unavailable (${errorCode(error)}) on ${c.req.method} ${loggedPath(c.req.path)}`,
    );
    error = unavailable();
  }
  if (isDataException(error)) {
    // A value the database cannot take (out of range, a NUL in a text): the caller's input, never a 500.
    error = new PlatformError(
      400,
      'bad_request',
      'Algum dado enviado não é válido. Confira e tente de novo.',
    );
  }
  if (error instanceof PlatformError) {
    if (error.status === 503) c.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
    return c.json(
      { error: error.code, mensagem: error.mensagem, ...(error.erros && { erros: error.erros }) },
      error.status,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const mensagem =
      status === 413
        ? 'O corpo da requisição é grande demais.'
        : status === 400
          ? 'Requisição inválida.'
          : 'Não foi possível atender a requisição.';
    return c.json({ error: error.message || 'http_error', mensagem }, status);
  }
  // The code, the route and a correlation id only: a driver's message can quote the query's values
  // (e-mails, CPFs, password hashes). The shopper gets the same id to quote to the store's service.
  const id = newErrorReference();
  console.error(`[platform] erro ${id}: ${errorCode(error)} on ${c.req.method} ${loggedPath(c.req.path)}`);
  return c.json(
    {
      error: 'internal_error',
      mensagem: `Ops! Ocorreu um erro inesperado. Tente novamente. Se continuar, informe o código ${id} ao atendimento.`,
      codigo: id,
    },
    500,
  );
}
