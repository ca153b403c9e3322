import fs from 'node:fs';
import { createHmac } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** The e2e servers (playwright.config.ts starts them; the specs reach the second one directly). */
export const PORT = Number(process.env['E2E_PORT'] ?? 4399);
/** A second server of the same build in maintenance mode, released by MAINTENANCE_SECRET. */
export const MAINTENANCE_PORT = PORT + 1;
export const MAINTENANCE_SECRET = 'libera-e2e-0f3a9c';
/** Where the first server writes its e-mail as .eml files (no SMTP server in tests). */
export const OUTBOX = path.join(os.tmpdir(), `store-e2e-${String(PORT)}-outbox`);
/** Where the first server's start-up wrote store-evaluation invitation links, one a line (scripts/evaluation-key.ts). */
export const EVALUATION_LINK = path.join(os.tmpdir(), `store-e2e-${String(PORT)}-avaliacao.txt`);
/** The first owners' one-time links (`npm run staff -- add`), one a line, for the desktop and mobile journeys. */
export const STAFF_LINKS = path.join(os.tmpdir(), `store-e2e-${String(PORT)}-equipe.txt`);
export const STAFF_OWNERS = ['dono-desktop@loja.test', 'dono-mobile@loja.test'] as const;

/** The e2e server trusts requests signed as Netlify's proxy signs them (src/edge/trusted-proxy.ts). */
export const PROXY_SIGNATURE_SECRET = 'e2e-proxy-3b7d41';
/** The staff API's token on the first server (journeys that need the store's team: a restock). */
export const ADMIN_TOKEN = 'e2e-equipe-da-loja-7c1d5a9e04';

/**
 * How long a check waits for the page after a password is sent (login, sign-up, a new password): the
 * store's scrypt (128 MiB a hash) queues behind the other workers' on a busy machine, well past the
 * usual 10 s; the store's own client waits 30 s for these calls (api/core.ts, PASSWORD_TIMEOUT_MS).
 */
export const AFTER_PASSWORD = { timeout: 35_000 };

/**
 * Headers that make a browser context one shopper with an address of its own, as the CDN would
 * report it: tests that sign up or log in many times do not share one address's rate limits.
 */
export function ownAddress(): Record<string, string> {
  const part = () => String(1 + Math.floor(Math.random() * 254));
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600, iss: 'netlify' })}`;
  const signature = createHmac('sha256', PROXY_SIGNATURE_SECRET).update(head).digest('base64url');
  return { 'X-Nf-Sign': `${head}.${signature}`, 'X-Forwarded-For': `200.${part()}.${part()}.${part()}` };
}

/** The messages the first server e-mailed to `email`, oldest first, as text (quoted-printable decoded). */
export function mailsTo(email: string, outbox = OUTBOX): string[] {
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
  return (
    files
      .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
      // Quoted-printable, as nodemailer writes long lines: join soft breaks, decode =XX.
      .map((eml) =>
        eml
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      )
      .filter((eml) => new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm').test(eml))
  );
}

/**
 * The sign-up code the store e-mailed to `email` last (the line of six numbers in its text), waiting up to
 * 5 s for the e-mail: sign-up answers at once and sends in the background.
 */
export async function signUpCode(email: string, outbox = OUTBOX): Promise<string> {
  for (let waited = 0; waited < 5000; waited += 100) {
    const code = mailsTo(email, outbox)
      .map((eml) => /^ {4}(\d{6})\r?$/m.exec(eml)?.[1])
      .filter(Boolean)
      .at(-1);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-up code e-mailed to ${email}`);
}
