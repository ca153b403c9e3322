import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { escapeHtml } from '#/lib/escape-html.ts';

/**
 * A body past its path's limit, counted while it arrives (a huge or endless upload stops there, before it
 * costs memory), answered 413: the API in JSON, a page with a page that says what was too large and leads
 * back to the form (the panel's photo or sheet form, whose limits the README documents), never a 500 or
 * the form again with nothing said. The connection is closed: the rest of the body is not read.
 */
export function tooLarge(maxSize: number, message: string): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('Cache-Control', 'no-store');
      c.header('Connection', 'close');
      if (c.req.path.startsWith('/api/'))
        return c.json({ error: 'payload_too_large', mensagem: message }, 413);
      return c.html(tooLargePage(message, c.req.path), 413);
    },
  });
}

/** The page: what happened, and the way back to the form it came from (the same path, read with GET). */
export function tooLargePage(message: string, back: string): string {
  const to = /^\/[\w\-/.]*$/.test(back) ? back : '/';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5"><meta name="robots" content="noindex"><title>Arquivo grande demais</title><style>body{margin:0;font-family:system-ui,sans-serif;color:#1f2937;background:#f4f6f9;display:grid;place-items:center;min-height:100vh}main{max-width:560px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgb(15 23 42/12%)}h1{color:#0b4f8a;margin-top:0}a{color:#0b4f8a;font-weight:600}</style></head><body><main><h1>Arquivo grande demais</h1><p role="alert">${escapeHtml(message)}</p><p>Nada foi alterado.</p><p><a href="${escapeHtml(to)}">Voltar ao formulário</a></p></main></body></html>`;
}
