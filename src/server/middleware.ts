import { timingSafeEqual } from 'node:crypto';
import { SHEET_UPLOAD_PATH } from '#/contract/catalog-sheet.ts';
import { PHOTO_UPLOAD_PATH } from '#/contract/staff-products.ts';
import { LOGO_UPLOAD_PATH } from '#/contract/store-config.ts';
import { BANNER_UPLOAD_PATH } from '#/contract/banners.ts';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, SESSION_COOKIE_MAX_AGE_S } from '#/contract/session.ts';
import { checkSessionId, handOver, mintSessionId } from './accounts/sessions.ts';
import { STAFF_SESSION_HEADER } from '#/contract/staff.ts';
import type { Papel } from '#/contract/staff.ts';
import type { PlatformEnv } from './context.ts';
import { memberActor } from './staff/audit.ts';
import { sessionMember } from './staff/sessions.ts';
import { PlatformError } from './errors.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every call carries the store's `App-Token` (header names are case-insensitive). */
export const requireAppToken: MiddlewareHandler<PlatformEnv> = async (c, next) => {
  const token = c.req.header('App-Token') ?? c.req.header('AppToken');
  if (!token || !sameToken(token, c.get('config').appToken)) {
    throw new PlatformError(
      401,
      'unauthorized',
      'Token da aplicação ausente ou inválido (cabeçalho App-Token).',
    );
  }
  await next();
};

/**
 * Who calls the staff API: `Authorization: Bearer <ADMIN_TOKEN>` (automation, every role; only when
 * ADMIN_TOKEN is set), or a back-office session in the `Staff-Session` header (a member, with their role).
 * Anything else is a 401, and a wrong token never falls back to the session.
 */
export const requireStaff: MiddlewareHandler<PlatformEnv> = async (c, next) => {
  const { adminToken, db } = c.get('config');
  const authorization = c.req.header('Authorization');
  if (authorization !== undefined) {
    const given = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (!adminToken || !given || !sameToken(given, adminToken)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new PlatformError(
        401,
        'unauthorized',
        'Token da equipe ausente ou inválido (Authorization: Bearer).',
      );
    }
    c.set('actor', 'token');
    c.set('papel', 'dono');
    return next();
  }
  const member = await sessionMember(db, c.req.header(STAFF_SESSION_HEADER) ?? '');
  if (!member)
    throw new PlatformError(401, 'staff_login_required', 'Entre no painel da loja para continuar.');
  c.set('actor', memberActor(member.id));
  c.set('papel', member.role);
  c.set('member', member);
  return next();
};

/** Only these roles (and owners, who may do everything) pass; anyone else on the team gets a 403. */
export const allow =
  (...papeis: Papel[]): MiddlewareHandler<PlatformEnv> =>
  async (c, next) => {
    const papel = c.get('papel');
    if (papel !== 'dono' && !papeis.includes(papel))
      throw new PlatformError(
        403,
        'staff_forbidden',
        'Seu papel na equipe não dá acesso a esta parte do painel.',
      );
    await next();
  };

/**
 * The shopper session: the `Session` header, then the cookie. Only an id this store issued and still
 * within its lifetime is adopted; anything else gets a new id (a made-up id is never taken as is), and
 * an id past its lifetime hands its cart and CEP to the new one.
 */
export const session: MiddlewareHandler<PlatformEnv> = async (c, next) => {
  const given = c.req.header('Session') ?? getCookie(c, SESSION_COOKIE);
  const config = c.get('config');
  const key = await config.sessionKey();
  c.set('sessionKey', key);
  const check = given === undefined ? undefined : checkSessionId(key, given);
  if (given !== undefined && check === 'valid') {
    c.set('session', given);
  } else {
    const fresh = issueSession(c);
    if (given !== undefined && check === 'expired')
      await handOver(config.db, given, fresh, { customerId: null, keepCart: true });
  }
  await next();
};

/**
 * A new session id for this caller, as the cookie and in the `Session` header (callers that cannot read
 * cookies, like server-side rendering, take it from there). Login and logout use it to rotate the id.
 */
export function issueSession(c: Context<PlatformEnv>): string {
  const id = mintSessionId(c.get('sessionKey'));
  c.set('session', id);
  const https = new URL(c.req.url).protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https';
  setCookie(c, SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: https,
    maxAge: SESSION_COOKIE_MAX_AGE_S,
  });
  c.header('Session', id);
  return id;
}

/** NUL and the other C0 controls but tab and line breaks: never part of a name, e-mail, address or message. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 20 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => hasControlCharacter(v, depth + 1));
  return Object.entries(value).some(([k, v]) => CONTROL.test(k) || hasControlCharacter(v, depth + 1));
}

/** Mutations accept JSON only (but a catalogue sheet's or a photo's upload): anything else is 415, malformed JSON is 400, bodies are capped. */
export const jsonMutations: MiddlewareHandler<PlatformEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  // A spreadsheet is sent as its own bytes; its route caps and checks them (routes/staff-catalog.ts).
  if (c.req.method === 'POST' && c.req.path.endsWith(SHEET_UPLOAD_PATH)) return next();
  // … and so is a product's photo (routes/staff-products.ts).
  if (c.req.method === 'POST' && PHOTO_UPLOAD_PATH.test(c.req.path)) return next();
  // … and the store's logo (routes/staff-settings.ts).
  if (c.req.method === 'POST' && c.req.path.endsWith(LOGO_UPLOAD_PATH)) return next();
  // … and a banner's image (routes/staff-banners.ts).
  if (c.req.method === 'POST' && c.req.path.endsWith(BANNER_UPLOAD_PATH)) return next();
  const length = Number(c.req.header('Content-Length') ?? 0);
  if (length > BODY_LIMIT_BYTES) {
    throw new PlatformError(413, 'payload_too_large', 'O corpo da requisição é grande demais.');
  }
  const type = c.req.header('Content-Type') ?? '';
  const text = await c.req.text();
  if (Buffer.byteLength(text) > BODY_LIMIT_BYTES) {
    throw new PlatformError(413, 'payload_too_large', 'O corpo da requisição é grande demais.');
  }
  if (text.length > 0 && !/^application\/json\b/i.test(type)) {
    throw new PlatformError(
      415,
      'unsupported_media_type',
      'Envie os dados como JSON (Content-Type: application/json).',
    );
  }
  if (text.length > 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new PlatformError(400, 'invalid_json', 'O corpo da requisição não é um JSON válido.');
    }
    if (hasControlCharacter(parsed)) {
      throw new PlatformError(400, 'bad_request', 'Há caracteres inválidos nos dados enviados.');
    }
  }
  await next();
};
