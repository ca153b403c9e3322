import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Settings } from '#/contract/settings.ts';
import { escapeHtml } from '#/lib/escape-html.ts';

/**
 * Maintenance mode: every page is the waiting page (503, Retry-After, no-store) with the store's
 * contacts, unless the visitor holds the release. `?liberar=<secret>` releases (an HttpOnly cookie
 * for the server, local storage for the browser); any other value takes the release back.
 */
export const RELEASE_PARAM = 'liberar';
export const RELEASE_COOKIE = 'loja_liberada';
export const RELEASE_STORAGE_KEY = 'loja:liberada';
export const RETRY_AFTER_SECONDS = 900;

/** The cookie proves the release without holding the secret (an HMAC of it). */
export const releaseToken = (secret: string) =>
  createHmac('sha256', secret).update('liberado').digest('base64url');

export function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Paths that stay open: the API, built assets, images and the health check. */
export const bypassesMaintenance = (path: string) =>
  /^\/(api|_astro|arquivos|saude)(\/|$)|^\/[^/]+\.(svg|ico|txt|xml)$/.test(path);

const escape = escapeHtml;

/** The waiting page: the configured title and message, and every way to reach the store meanwhile. */
export function waitingPage(settings: Settings['configuracoes'] | undefined, clearRelease: boolean): string {
  const title = settings?.manutencao.titulo ?? 'Estamos em manutenção';
  const message = settings?.manutencao.mensagem ?? 'Voltamos em instantes.';
  const site = settings?.dadosSite;
  const contacts = site
    ? `<ul>
<li>WhatsApp: <a href="https://wa.me/${escape(site.whatsapp.replace(/\D/g, ''))}">${escape(site.whatsapp)}</a></li>
<li>Telefone: <a href="tel:${escape(site.telefone.replace(/\D/g, ''))}">${escape(site.telefone)}</a></li>
<li>E-mail: <a href="mailto:${escape(settings.emailContato.email)}">${escape(settings.emailContato.email)}</a></li>
${site.horarioAtendimento.map((h) => `<li>${escape(h.dias)}: ${escape(h.horario)}</li>`).join('')}
</ul>`
    : '';
  const script = clearRelease
    ? `<script>try{localStorage.removeItem(${JSON.stringify(RELEASE_STORAGE_KEY)})}catch(e){}</script>`
    : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>body{margin:0;font-family:system-ui,sans-serif;color:#1f2937;background:#f4f6f9;display:grid;place-items:center;min-height:100vh}main{max-width:560px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgb(15 23 42/12%)}h1{color:#0b4f8a;margin-top:0}a{color:#0b4f8a}li{margin:6px 0}</style></head><body><main>${settings?.logo === '' ? `<p style="font-size:1.4rem;font-weight:800;color:#0b4f8a;margin:0 0 8px">${escape(settings.nomeLoja)}</p>` : `<img src="${escape(settings?.logo ?? '/logo.svg')}" alt="${escape(settings?.nomeLoja ?? 'Logotipo da loja')}" height="40">`}<h1>${escape(title)}</h1><p>${escape(message)}</p>${contacts ? `<h2>Fale com a gente</h2>${contacts}` : ''}</main>${script}</body></html>`;
}

/** After a release: remember it in local storage too, then load the page without the parameter. */
export const releasedPage = (to: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${escape(to)}"><title>Loja liberada</title></head><body><script>try{localStorage.setItem(${JSON.stringify(RELEASE_STORAGE_KEY)},'1')}catch(e){}location.replace(${JSON.stringify(to)})</script><p><a href="${escape(to)}">Continuar</a></p></body></html>`;

type StoreSettings = Settings['configuracoes'];

/**
 * The maintenance gate, before the pages: `mode` 'on'/'off' overrides the platform's
 * `manutencao.ativo`; `secret` is the release value (none = nobody gets through).
 */
export function maintenance(options: {
  mode: 'on' | 'off' | undefined;
  secret: string | undefined;
  settings: (origin: string) => Promise<StoreSettings>;
}): MiddlewareHandler {
  const { mode, secret } = options;
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (mode === 'off' || bypassesMaintenance(url.pathname)) return next();
    const settings = await options.settings(url.origin).catch(() => undefined);
    if (mode !== 'on' && settings?.manutencao.ativo !== true) return next();
    const waiting = (clearRelease: boolean) =>
      c.html(waitingPage(settings, clearRelease), 503, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
        'Cache-Control': 'no-store',
      });
    // Set and deleted alike: HttpOnly, Lax, Secure under https.
    const releaseCookie = {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: url.protocol === 'https:',
    } as const;
    const given = url.searchParams.get(RELEASE_PARAM);
    if (given !== null) {
      url.searchParams.delete(RELEASE_PARAM);
      if (secret && sameSecret(given, secret)) {
        setCookie(c, RELEASE_COOKIE, releaseToken(secret), { ...releaseCookie, maxAge: 30 * 24 * 3600 });
        return c.html(releasedPage(url.pathname + url.search), 200, { 'Cache-Control': 'no-store' });
      }
      deleteCookie(c, RELEASE_COOKIE, releaseCookie);
      return waiting(true);
    }
    const release = getCookie(c, RELEASE_COOKIE);
    if (!secret || !release || !sameSecret(release, releaseToken(secret))) return waiting(false);
    await next();
    // A released visitor's pages must not reach shared caches while the store is closed to others.
    c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
