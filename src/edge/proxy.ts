/** Hop-by-hop headers never travel through a proxy (RFC 9110 §7.6.1); `host` belongs to the upstream. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
];

/**
 * Forward a storefront `/api/*` request to an external platform at `upstream` (its `/api` base),
 * keeping method, query, body, cookies and the shopper's headers; the answer comes back untouched.
 */
export async function proxyApi(request: Request, upstream: string): Promise<Response> {
  const url = new URL(request.url);
  const target = `${upstream.replace(/\/$/, '')}${url.pathname.replace(/^\/api/, '')}${url.search}`;
  const headers = new Headers(request.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, redirect: 'manual' };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = request.body;
    init.duplex = 'half';
  }
  try {
    const answer = await fetch(target, init);
    // fetch already decoded the body: drop the encoding headers that described the compressed bytes.
    const out = new Headers(answer.headers);
    out.delete('content-encoding');
    out.delete('content-length');
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out });
  } catch {
    return Response.json(
      { error: 'bad_gateway', mensagem: 'A plataforma da loja não respondeu. Tente novamente em instantes.' },
      { status: 502 },
    );
  }
}
