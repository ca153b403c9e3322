import ky, { HTTPError, TimeoutError } from 'ky';
import { ApiError, errorAnswer, TIMEOUT_MS, TOO_SLOW, UNAVAILABLE } from './core.ts';
import type { Client, RequestObserver } from './core.ts';
import { SCHEMAS } from './schemas.ts';

export { ApiError } from './core.ts';
export type { Client, Query } from './core.ts';

/** How the server reaches the platform: where, with which token, through which fetch. */
export type Transport = {
  /** Base of an external platform API (ending in `/api/`); absent = this store's own `/api/`. */
  baseUrl?: string | undefined;
  appToken: string;
  /** In-process fetch to the embedded platform (no loopback HTTP), or the global fetch. */
  fetch?: typeof fetch;
  /** Check answers against the contract (worth it for an external platform, not for our own). */
  validate: boolean;
  observer?: RequestObserver | undefined;
};

let serverTransport: Transport | undefined;

/** Called once by src/fetch.ts: server-side calls go in-process to the embedded platform, or to STORE_API_URL. */
export function setServerTransport(transport: Transport): void {
  serverTransport = transport;
}

/** Whether the server's transport is set (by src/fetch.ts, or for a build by src/build/build-time-api.ts). */
export const hasServerTransport = () => serverTransport !== undefined;

/** The session id in a platform answer: our `Session` header, or the PHPSESSID cookie of a real platform. */
function sessionFrom(response: Response): string | undefined {
  return (
    response.headers.get('session') ?? /PHPSESSID=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1]
  );
}

function toApiError(error: unknown, endpoint: string): ApiError {
  // ky 2 has already read the body into `data` (parsed JSON when it was JSON).
  if (error instanceof HTTPError) return errorAnswer(error.response.status, endpoint, error.data);
  if (error instanceof TimeoutError) return new ApiError(504, endpoint, TOO_SLOW);
  if (error instanceof ApiError) return error;
  return new ApiError(503, endpoint, UNAVAILABLE);
}

/**
 * The server's client for one request (ky 2: timeout, one retry for GETs). `origin` is the store's
 * own origin (absolute URLs in answers use it); a visitor's session travels in the `Session` header
 * when given (catalogue pages give none: their HTML is the same for everyone).
 */
export function createClient(
  origin: string,
  session?: string,
  transport = serverTransport,
  /** More headers for every call (the back office's `Staff-Session`). */
  headers: Record<string, string> = {},
): Client {
  if (!transport)
    throw new Error('No API transport: src/fetch.ts must call setServerTransport() before rendering.');
  const instance = ky.create({
    baseUrl: transport.baseUrl ?? `${origin}/api/`,
    timeout: TIMEOUT_MS,
    // One retry for a GET lost on the way (a gateway's 502/504, a timeout); never for 503 or 429: a platform
    // that says "come back in N seconds" is answered now with the store's own 503 page, not waited for.
    retry: { limit: 1, methods: ['get'], statusCodes: [408, 500, 502, 504], afterStatusCodes: [] },
    headers: {
      'App-Token': transport.appToken,
      Accept: 'application/json',
      ...(session ? { Session: session } : {}),
      ...headers,
    },
    ...(transport.fetch ? { fetch: transport.fetch } : {}),
    hooks: {
      afterResponse: [
        ({ response }) => {
          // A new session: the visitor had none, or login/logout rotated it.
          const issued = sessionFrom(response);
          if (issued && issued !== session) client.issuedSession = issued;
        },
      ],
    },
  });
  const client: Client = {
    schemas: transport.validate ? SCHEMAS : undefined,
    observer: transport.observer,
    call: async ({ method, path, searchParams, json, file, timeoutMs }) => {
      try {
        return await instance(path, {
          method,
          ...(timeoutMs ? { timeout: timeoutMs } : {}),
          ...(searchParams ? { searchParams } : {}),
          ...(file ? { body: file.bytes, headers: { 'Content-Type': file.type } } : { json }),
        }).json<unknown>();
      } catch (error) {
        throw toApiError(error, path);
      }
    },
  };
  return client;
}
