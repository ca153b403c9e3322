// One concern: one JSON call to a payment provider, with a deadline, and what its failure is called.
import { request } from 'undici';
import type { Dispatcher } from 'undici';

export type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/** Why a call to a provider failed, for the logs and the order's timeline (never secrets or personal data). */
export class ProviderError extends Error {
  /**
   * `unreachable` (the request never left: refused, no such host), `lost` (the connection broke once the request
   * may have arrived: the provider may have acted on it), `timeout`, `rejected` (a 4xx), `failed` (a 5xx) or
   * `invalid_answer`. Only `unreachable` proves nothing happened at the provider.
   */
  readonly code: 'timeout' | 'unreachable' | 'lost' | 'rejected' | 'failed' | 'invalid_answer';
  readonly status: number;
  constructor(code: ProviderError['code'], status: number, message: string) {
    super(message);
    this.name = 'ProviderError';
    this.code = code;
    this.status = status;
  }
}

/**
 * The errors that prove the request never reached the provider: no connection was made (refused, no route, no
 * such host, the connect deadline). Any other failure (a reset, a closed socket) may come after it arrived.
 */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Send one request and read its JSON answer (undefined when none); no answer in `timeoutMs` is a timeout. */
export async function sendToProvider(call: {
  url: string;
  method: Method;
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
  dispatcher?: Dispatcher | undefined;
}): Promise<{ status: number; json: unknown }> {
  const what = `${call.method} ${new URL(call.url).pathname}`;
  try {
    const res = await request(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body ?? null,
      ...(call.dispatcher ? { dispatcher: call.dispatcher } : {}),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    const text = await res.body.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, json };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new ProviderError('timeout', 504, `${what}: sem resposta em ${String(call.timeoutMs)} ms`);
    const code = (error as { code?: unknown }).code;
    const said = `${what}: ${typeof code === 'string' ? code : name}`;
    throw new ProviderError(
      typeof code === 'string' && NEVER_SENT.has(code) ? 'unreachable' : 'lost',
      503,
      said,
    );
  }
}

/** A refusal as the provider explained it (its `title` or `message`), without echoing anything else it sent. */
export function providerFailure(what: string, status: number, body: unknown): ProviderError {
  const said =
    body && typeof body === 'object'
      ? ((body as { title?: unknown; message?: unknown }).title ?? (body as { message?: unknown }).message)
      : undefined;
  const detail = typeof said === 'string' ? `: ${said.slice(0, 120)}` : '';
  return new ProviderError(
    status >= 500 ? 'failed' : 'rejected',
    status,
    `${what} → ${String(status)}${detail}`,
  );
}
