// One concern: the PIX_* settings (the environment's, or the panel's) into a client, the webhook's secret path and
// its registration at the PSP.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { errorCode } from '#/server/db/health.ts';
import { createPixApi } from './client.ts';
import type { PixApi } from './client.ts';

/** The PIX_* settings as the environment gives them (README: "Pix que se confirma sozinho"). */
export type PixSettings = {
  apiUrl?: string | undefined;
  tokenUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** PEM files: each a path, or the PEM's text itself (as the panel keeps it, sealed). */
  clientCert?: string | undefined;
  clientKey?: string | undefined;
  ca?: string | undefined;
  pixKey?: string | undefined;
  /** Tests make a slow PSP fail sooner than the 5 s a store waits. */
  timeoutMs?: number | undefined;
};

/**
 * The webhook's secret path segment: made from the client secret, so every instance agrees on it without
 * another setting, and it changes when the credentials do.
 */
export const webhookSecretOf = (clientSecret: string) =>
  createHmac('sha256', clientSecret).update('pix-webhook').digest('hex').slice(0, 40);

/** Where the PSP is told to post notices (it appends `/pix`). */
export const webhookUrlOf = (siteUrl: string, secret: string) =>
  `${siteUrl.replace(/\/+$/, '')}/api/webhooks/pix/${secret}`;

/**
 * The API Pix client, or `undefined` without PIX_API_URL (the store keeps its static BR Code). Every other
 * setting is then required: a half-configured PSP stops the start with the names of what is missing.
 */
export async function pixFromSettings(
  settings: PixSettings,
): Promise<{ api: PixApi; webhookSecret: string } | undefined> {
  if (!settings.apiUrl) return undefined;
  const required = {
    PIX_TOKEN_URL: settings.tokenUrl,
    PIX_CLIENT_ID: settings.clientId,
    PIX_CLIENT_SECRET: settings.clientSecret,
    PIX_CLIENT_CERT: settings.clientCert,
    PIX_CLIENT_KEY: settings.clientKey,
    PIX_KEY: settings.pixKey,
  };
  const missing = Object.entries(required).flatMap(([name, value]) => (value ? [] : [name]));
  if (missing.length > 0)
    throw new Error(`PIX_API_URL is set, but not ${missing.join(', ')}: set them or unset PIX_API_URL`);
  const pem = async (name: string, file: string) => {
    if (file.trimStart().startsWith('-----BEGIN')) return file;
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new Error(`${name}: cannot read ${file} (${(error as { code?: string }).code ?? 'error'})`);
    }
  };
  const [cert, key, ca] = await Promise.all([
    pem('PIX_CLIENT_CERT', settings.clientCert ?? ''),
    pem('PIX_CLIENT_KEY', settings.clientKey ?? ''),
    settings.ca ? pem('PIX_CA', settings.ca) : undefined,
  ]);
  const clientSecret = settings.clientSecret ?? '';
  const api = createPixApi({
    apiUrl: settings.apiUrl,
    tokenUrl: settings.tokenUrl ?? '',
    clientId: settings.clientId ?? '',
    clientSecret,
    cert,
    key,
    ca,
    pixKey: settings.pixKey ?? '',
    timeoutMs: settings.timeoutMs,
  });
  return { api, webhookSecret: webhookSecretOf(clientSecret) };
}

/**
 * Tell the PSP where to post its notices (`PUT /webhook/{chave}`; `npm run pix -- webhook` does it by hand).
 * Without a public SITE_URL there is nowhere to post: payments are then confirmed by the minute sweep.
 */
export function registerPixWebhook(
  pix: { api: PixApi; webhookSecret: string },
  siteUrl: string | undefined,
): void {
  if (!siteUrl?.startsWith('https://')) {
    console.warn('[pix] SITE_URL is not https: no webhook registered, Pix is confirmed by the minute sweep');
    return;
  }
  pix.api.registerWebhook(webhookUrlOf(siteUrl, pix.webhookSecret)).then(
    () => {
      console.log('[pix] webhook registered at the PSP');
    },
    (error: unknown) => {
      console.error(`[pix] webhook not registered (${errorCode(error)}): run npm run pix -- webhook`);
    },
  );
}
