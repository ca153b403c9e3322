import { ApiError, errorAnswer, TIMEOUT_MS, TOO_SLOW, UNAVAILABLE } from './core.ts';
import type { Client, RequestObserver } from './core.ts';

/**
 * The browser's client: plain fetch to this store's `/api` (the visitor's HttpOnly session cookie
 * goes along by itself), the same timeout and errors as the server's ky client, and no ky or zod in
 * the islands' bundle.
 */
export function createBrowserClient(appToken: string, observer?: RequestObserver): Client {
  /**
   * The page's first call goes alone: a first-time visitor has no session cookie yet, and calls sent
   * together would each be given a different session (the cart in one, the next call in another).
   * Once it has answered, the cookie is set and calls run side by side.
   */
  let first: Promise<unknown> | undefined;
  const call: Client['call'] = async (request) => {
    if (first) await first.catch(() => undefined);
    const answer = send(request);
    first ??= answer;
    return answer;
  };
  const send: Client['call'] = async ({ method, path, searchParams, json }) => {
    const query = searchParams?.size ? `?${searchParams.toString()}` : '';
    let response: Response;
    try {
      response = await fetch(`/api/${path}${query}`, {
        method: method.toUpperCase(),
        headers: {
          'App-Token': appToken,
          Accept: 'application/json',
          ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const slow = error instanceof DOMException && error.name === 'TimeoutError';
      throw new ApiError(slow ? 504 : 503, path, slow ? TOO_SLOW : UNAVAILABLE);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorAnswer(response.status, path, body);
    return body;
  };
  return { observer, call };
}
