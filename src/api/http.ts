import ky, { HTTPError, TimeoutError } from 'ky';
import type { KyInstance } from 'ky';
import type { z } from 'zod';

/** How the store reaches its platform: where, with which token, through which fetch. */
export type Transport = {
  /** Base of an external platform API (ending in `/api/`); absent = this store's own `/api/`. */
  baseUrl?: string | undefined;
  appToken: string;
  /** In-process fetch to the embedded platform (no loopback HTTP), or the global fetch. */
  fetch?: typeof fetch;
  /** Check answers against the contract (worth it for an external platform, not for our own). */
  validate: boolean;
};

let serverTransport: Transport | undefined;

/** Called once by src/fetch.ts: server-side calls go in-process to the embedded platform, or to STORE_API_URL. */
export function setServerTransport(transport: Transport): void {
  serverTransport = transport;
}

/** One failed platform call, whatever went wrong: status, endpoint and the platform's Portuguese message. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly endpoint: string;
  readonly mensagem: string;
  constructor(status: number, endpoint: string, mensagem: string) {
    super(`${String(status)} ${endpoint}: ${mensagem}`);
    this.status = status;
    this.endpoint = endpoint;
    this.mensagem = mensagem;
  }
}

export type Client = {
  ky: KyInstance;
  validate: boolean;
  /** A session the platform issued during this client's calls (the visitor had none): set it as the cookie. */
  issuedSession?: string;
};

/** The session id in a platform answer: our `Session` header, or the PHPSESSID cookie of a real platform. */
function sessionFrom(response: Response): string | undefined {
  return (
    response.headers.get('session') ?? /PHPSESSID=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1]
  );
}
export type Query = Record<string, string | number | readonly string[] | undefined>;

const TIMEOUT_MS = 8000;

/**
 * A client for one request. `origin` is the store's own origin (absolute URLs in answers use it);
 * a visitor's session travels in the `Session` header when given (catalogue pages give none: their
 * HTML is the same for everyone).
 */
export function createClient(origin: string, session?: string, transport = serverTransport): Client {
  if (!transport)
    throw new Error('No API transport: src/fetch.ts must call setServerTransport() before rendering.');
  const client: Client = {
    validate: transport.validate,
    ky: ky.create({
      baseUrl: transport.baseUrl ?? `${origin}/api/`,
      timeout: TIMEOUT_MS,
      retry: { limit: 1, methods: ['get'] },
      headers: {
        'App-Token': transport.appToken,
        Accept: 'application/json',
        ...(session ? { Session: session } : {}),
      },
      ...(transport.fetch ? { fetch: transport.fetch } : {}),
      hooks: {
        afterResponse: [
          ({ response }) => {
            const issued = session ? undefined : sessionFrom(response);
            if (issued) client.issuedSession = issued;
          },
        ],
      },
    }),
  };
  return client;
}

function searchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of typeof value === 'string' || typeof value === 'number' ? [value] : value)
      params.append(key, String(v));
  }
  return params;
}

function toApiError(error: unknown, endpoint: string): ApiError {
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `data` (parsed JSON when it was JSON).
    const data: unknown = error.data;
    const body =
      typeof data === 'object' && data !== null ? (data as { mensagem?: unknown; error?: unknown }) : {};
    const mensagem =
      typeof body.mensagem === 'string'
        ? body.mensagem
        : typeof body.error === 'string'
          ? body.error
          : 'Não foi possível falar com a plataforma da loja.';
    return new ApiError(error.response.status, endpoint, mensagem);
  }
  if (error instanceof TimeoutError)
    return new ApiError(504, endpoint, 'A plataforma da loja demorou demais para responder.');
  if (error instanceof ApiError) return error;
  return new ApiError(503, endpoint, 'A plataforma da loja está indisponível no momento.');
}

/**
 * A contract schema, imported only when answers are checked (an external platform): pages and islands
 * that talk to our own platform never load zod, so the browser's bundle does not carry it.
 */
export type SchemaLoader<S extends z.ZodType> = () => Promise<S>;

/** The answer as the contract types it; with `validate`, an answer that breaks the contract is a 502. */
async function read<S extends z.ZodType>(
  client: Client,
  body: unknown,
  schema: SchemaLoader<S>,
  endpoint: string,
): Promise<z.infer<S>> {
  if (!client.validate) return body as z.infer<S>;
  const parsed = (await schema()).safeParse(body);
  if (!parsed.success) {
    console.error(`[api] ${endpoint} broke the contract:`, parsed.error.issues.slice(0, 3));
    throw new ApiError(502, endpoint, 'A plataforma da loja respondeu num formato inesperado.');
  }
  return parsed.data;
}

/** GET a contract endpoint; failures become one ApiError, answers are checked when the transport asks. */
export async function getJson<S extends z.ZodType>(
  client: Client,
  path: string,
  query: Query,
  schema: SchemaLoader<S>,
): Promise<z.infer<S>> {
  try {
    const response = client.ky.get(path, { searchParams: searchParams(query) });
    return await read(client, await response.json<unknown>(), schema, path);
  } catch (error) {
    throw toApiError(error, path);
  }
}

/** Send JSON to a contract endpoint (POST, PUT, DELETE) and read the answer the same way. */
export async function sendJson<S extends z.ZodType>(
  client: Client,
  method: 'post' | 'put' | 'delete',
  path: string,
  body: unknown,
  schema: SchemaLoader<S>,
): Promise<z.infer<S>> {
  try {
    const response = client.ky(path, { method, json: body });
    return await read(client, await response.json<unknown>(), schema, path);
  } catch (error) {
    throw toApiError(error, path);
  }
}
