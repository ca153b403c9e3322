// Requests the adapter cannot even turn into a WHATWG Request, answered before it sees them, never as the
// 500 it would give (or, worse, as a page rendered for whatever it made of them).

/** Methods a WHATWG Request cannot hold: the same 405 as any other method the store does not serve. */
const FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/**
 * A Host is `uri-host [ ":" port ]` (RFC 9112 §3.2, RFC 3986 §3.2.2): here a name of letters, digits,
 * dots, hyphens and underscores, or a bracketed IPv6 address, then at most a port. No user info (`a@b`,
 * which the adapter refuses with a 500), no markup, spaces or half brackets.
 */
const HOST = /^(?:[A-Za-z0-9_.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The Host lines of a request, as they came (Node keeps only the first in `headers`). */
function hostLines(rawHeaders) {
  const hosts = [];
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i].toLowerCase() === 'host') hosts.push(rawHeaders[i + 1]);
  return hosts;
}

/**
 * Why `req` cannot be served, as the answer to give: `{ status, headers, text }`, or undefined when it can.
 * A request of HTTP/1.1 must carry exactly one valid Host (a 400 otherwise, RFC 9112 §3.2); HTTP/1.0 may
 * carry none (old health checks), but never an invalid one or two.
 */
export function unservable(req) {
  const plain = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  if (FORBIDDEN_METHODS.has(req.method ?? ''))
    return {
      status: 405,
      headers: { ...plain, Allow: 'GET, HEAD, POST, PUT, DELETE, OPTIONS' },
      text: `O método ${req.method} não é aceito aqui.`,
    };
  const hosts = hostLines(req.rawHeaders);
  const missingAllowed = hosts.length === 0 && req.httpVersion === '1.0';
  if (!missingAllowed && (hosts.length !== 1 || !HOST.test(hosts[0])))
    return {
      status: 400,
      headers: { ...plain, Connection: 'close' },
      text: 'Requisição inválida: o cabeçalho Host deve aparecer uma vez, com um nome de servidor válido.',
    };
  return undefined;
}
