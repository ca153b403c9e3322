import type { z } from 'zod';
import type { ErrorCode } from '#/contract/error-codes.ts';
import type { SchemaName, Schemas } from './schemas.ts';

/**
 * What every resource module (cart.ts, page.ts ...) needs, whichever way calls travel: the server's
 * ky client (http.ts) or the browser's lighter one (browser.ts), so island bundles carry neither ky
 * nor zod.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';
export type Call = (request: {
  method: Method;
  path: string;
  searchParams?: URLSearchParams;
  json?: unknown;
  /** A file sent as the body itself instead of JSON (the back office's catalogue sheet; server clients only). */
  file?: SentFile;
  /** Longer than TIMEOUT_MS for a call known to take long (applying a large catalogue sheet). */
  timeoutMs?: number | undefined;
}) => Promise<unknown>;
export type SentFile = { type: string; bytes: Uint8Array<ArrayBuffer> };
export type RequestObserver = { start(): void; end(ok: boolean): void };

export type Client = {
  /** One call to the platform: its JSON answer, or a thrown ApiError. */
  call: Call;
  /**
   * The contract's schemas to check answers with (worth it for an external platform, not for our own);
   * absent, answers are taken as the contract types them.
   */
  schemas?: Schemas | undefined;
  /** Told when each call starts and ends (the browser's loading bar). */
  observer?: RequestObserver | undefined;
  /** A session the platform issued during this client's calls (the visitor had none, or login rotated it): set it as the cookie. */
  issuedSession?: string;
};

export type Query = Record<string, string | number | readonly string[] | undefined>;

export const TIMEOUT_MS = 8000;

/**
 * For a call that checks or sets a password: the platform's scrypt takes 128 MiB and a share of the
 * CPU per hash, so on a busy machine it queues behind others. A shopper waiting a few seconds more is
 * served; one cut off at TIMEOUT_MS tries again and adds another hash to the queue.
 */
export const PASSWORD_TIMEOUT_MS = 30_000;

/** One failed platform call, whatever went wrong: status, endpoint and the platform's Portuguese message. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly endpoint: string;
  readonly mensagem: string;
  /** A form's problems, one Portuguese message per field name. */
  readonly fields: Readonly<Record<string, string>>;
  /** The platform's reference for an unexpected error (`codigo`), the one its log line carries. */
  readonly reference: string | undefined;
  /**
   * The platform's `error` code (this store's are listed in contract/error-codes.ts; an external platform
   * may send others): test this, not the status or the text.
   */
  readonly code: ErrorCode | (string & {}) | undefined;
  constructor(
    status: number,
    endpoint: string,
    mensagem: string,
    fields: Record<string, string> = {},
    reference?: string,
    code?: string,
  ) {
    super(`${String(status)} ${endpoint}: ${mensagem}`);
    this.status = status;
    this.endpoint = endpoint;
    this.mensagem = mensagem;
    this.fields = fields;
    this.reference = reference;
    this.code = code;
  }
}

export const UNAVAILABLE = 'A plataforma da loja está indisponível no momento.';
export const TOO_SLOW = 'A plataforma da loja demorou demais para responder.';

/** The ApiError for an error answer: the platform's `mensagem`, else its `error`, else a generic line. */
export function errorAnswer(status: number, endpoint: string, body: unknown): ApiError {
  const answer =
    typeof body === 'object' && body !== null
      ? (body as { mensagem?: unknown; error?: unknown; erros?: unknown; codigo?: unknown })
      : {};
  const mensagem =
    typeof answer.mensagem === 'string'
      ? answer.mensagem
      : typeof answer.error === 'string'
        ? answer.error
        : 'Não foi possível falar com a plataforma da loja.';
  const fields: Record<string, string> = {};
  if (typeof answer.erros === 'object' && answer.erros !== null)
    for (const [name, message] of Object.entries(answer.erros))
      if (typeof message === 'string') fields[name] = message;
  const reference =
    typeof answer.codigo === 'string' && /^[0-9A-F]{8}$/.test(answer.codigo) ? answer.codigo : undefined;
  return new ApiError(
    status,
    endpoint,
    mensagem,
    fields,
    reference,
    typeof answer.error === 'string' ? answer.error : undefined,
  );
}

export function searchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of typeof value === 'string' || typeof value === 'number' ? [value] : value)
      params.append(key, String(v));
  }
  return params;
}

/** What the contract says an answer of the schema `K` is. */
export type Answer<K extends SchemaName> = z.infer<Schemas[K]>;

/** The answer as the contract types it; with `schemas`, an answer that breaks the contract is a 502. */
function read<K extends SchemaName>(client: Client, body: unknown, name: K, endpoint: string): Answer<K> {
  if (!client.schemas) return body as Answer<K>;
  const parsed = client.schemas[name].safeParse(body);
  if (!parsed.success) {
    console.error(`[api] ${endpoint} broke the contract:`, parsed.error.issues.slice(0, 3));
    throw new ApiError(502, endpoint, 'A plataforma da loja respondeu num formato inesperado.');
  }
  return parsed.data as Answer<K>;
}

/** Run one call: failures are one ApiError, and the observer hears its start and end. */
async function observed<T>(client: Client, path: string, call: () => Promise<T>): Promise<T> {
  client.observer?.start();
  let ok = false;
  try {
    const result = await call();
    ok = true;
    return result;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(503, path, UNAVAILABLE);
  } finally {
    client.observer?.end(ok);
  }
}

/** GET a contract endpoint; answers are checked when the client asks. */
export async function getJson<K extends SchemaName>(
  client: Client,
  path: string,
  query: Query,
  schema: K,
): Promise<Answer<K>> {
  return observed(client, path, async () =>
    read(client, await client.call({ method: 'get', path, searchParams: searchParams(query) }), schema, path),
  );
}

/** POST a file as the request's body (its query names it) and read the answer the same way. */
export async function sendFile<K extends SchemaName>(
  client: Client,
  path: string,
  query: Query,
  file: SentFile,
  schema: K,
  timeoutMs?: number,
): Promise<Answer<K>> {
  return observed(client, path, async () =>
    read(
      client,
      await client.call({ method: 'post', path, searchParams: searchParams(query), file, timeoutMs }),
      schema,
      path,
    ),
  );
}

/** Send JSON to a contract endpoint (POST, PUT, DELETE) and read the answer the same way. */
export async function sendJson<K extends SchemaName>(
  client: Client,
  method: 'post' | 'put' | 'delete',
  path: string,
  body: unknown,
  schema: K,
  timeoutMs?: number,
): Promise<Answer<K>> {
  return observed(client, path, async () =>
    read(client, await client.call({ method, path, json: body, timeoutMs }), schema, path),
  );
}
