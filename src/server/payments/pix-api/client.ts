// One concern: talking to a PSP's API Pix over mutual TLS with an OAuth2 token, and believing only answers
// that follow the Banco Central's specification (spec.ts).
import { Agent } from 'undici';
import { providerFailure as failure, ProviderError, sendToProvider } from '#/server/payments/http.ts';
import type { Method } from '#/server/payments/http.ts';
import type { z } from 'zod';
import {
  cobCompletaSchema,
  cobGeradaSchema,
  devolucaoSchema,
  tokenSchema,
  webhookSchema,
  type CobCompleta,
  type CobGerada,
  type CobSolicitada,
  type Devolucao,
} from './spec.ts';

/** How the store reaches its PSP (PIX_* settings; config.ts reads them). */
export type PixApiOptions = {
  /** Base of the API Pix, e.g. `https://pix.example.com/v2`. */
  apiUrl: string;
  /** OAuth2 client-credentials endpoint. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The store's client certificate and key (PEM), for mutual TLS. */
  cert: string;
  key: string;
  /** A private chain to trust (PEM); absent = the system's. */
  ca?: string | undefined;
  /** The store's Pix key on that account (the `chave` of every charge). */
  pixKey: string;
  /** A call slower than this fails (the order is then not placed); 5 s unless a test says otherwise. */
  timeoutMs?: number | undefined;
};

/** The API Pix calls the store makes. */
export type PixApi = {
  readonly pixKey: string;
  createCharge: (txid: string, body: CobSolicitada) => Promise<CobGerada>;
  readCharge: (txid: string) => Promise<CobCompleta>;
  removeCharge: (txid: string) => Promise<CobGerada>;
  refund: (e2eid: string, id: string, valor: string, descricao: string) => Promise<Devolucao>;
  /** `GET /pix/{e2eid}/devolucao/{id}`: a refund asked before, as the PSP sees it now. */
  readRefund: (e2eid: string, id: string) => Promise<Devolucao>;
  registerWebhook: (url: string) => Promise<void>;
  /**
   * "Testar conexão": a fresh token (mutual TLS and the credentials) and `GET /webhook/{chave}` (the API's
   * address and the key's account); the webhook's address when one is registered.
   */
  probe: () => Promise<string | undefined>;
  close: () => Promise<void>;
};

const DEFAULT_TIMEOUT_MS = 5000;
/** A token is renewed this long before the PSP says it expires. */
const RENEW_EARLY_MS = 30_000;

type Token = { value: string; until: number };

export function createPixApi(options: PixApiOptions): PixApi {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const dispatcher = new Agent({
    connect: { cert: options.cert, key: options.key, ...(options.ca ? { ca: options.ca } : {}) },
    keepAliveTimeout: 30_000,
  });
  const base = options.apiUrl.replace(/\/+$/, '');

  const send = (url: string, method: Method, headers: Record<string, string>, body?: string) =>
    sendToProvider({ url, method, headers, body, timeoutMs: timeout, dispatcher });

  let token: Token | undefined;
  let renewing: Promise<Token> | undefined;

  async function fetchToken(): Promise<Token> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await send(
      options.tokenUrl,
      'POST',
      { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (res.status !== 200) throw failure('POST token', res.status, res.json);
    const parsed = tokenSchema.safeParse(res.json);
    if (!parsed.success)
      throw new ProviderError('invalid_answer', 502, 'POST token: resposta fora do padrão');
    const seconds = parsed.data.expires_in ?? 3600;
    return { value: parsed.data.access_token, until: Date.now() + seconds * 1000 - RENEW_EARLY_MS };
  }

  /** The access token, reused until it is about to expire; callers at once share one renewal. */
  function accessToken(): Promise<Token> {
    if (token && token.until > Date.now()) return Promise.resolve(token);
    renewing ??= fetchToken()
      .then((fresh) => {
        token = fresh;
        return fresh;
      })
      .finally(() => {
        renewing = undefined;
      });
    return renewing;
  }

  /** One API call: a 401 (the PSP dropped the token early) renews the token once and tries again. */
  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    expected: readonly number[],
    schema: S | undefined,
    body?: unknown,
  ): Promise<z.infer<S>> {
    const what = `${method} ${path.replace(/\/[^/]+$/, '/…')}`;
    for (let attempt = 0; ; attempt++) {
      const used = await accessToken();
      const res = await send(
        `${base}${path}`,
        method,
        {
          Authorization: `Bearer ${used.value}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body === undefined ? undefined : JSON.stringify(body),
      );
      if (res.status === 401 && attempt === 0) {
        if (token === used) token = undefined;
        continue;
      }
      if (!expected.includes(res.status)) throw failure(what, res.status, res.json);
      if (!schema) return undefined as z.infer<S>;
      const parsed = schema.safeParse(res.json);
      if (!parsed.success) throw new ProviderError('invalid_answer', 502, `${what}: resposta fora do padrão`);
      return parsed.data;
    }
  }

  const segment = encodeURIComponent;
  return {
    pixKey: options.pixKey,
    createCharge: (txid, body) => call('PUT', `/cob/${segment(txid)}`, [200, 201], cobGeradaSchema, body),
    readCharge: (txid) => call('GET', `/cob/${segment(txid)}`, [200], cobCompletaSchema),
    removeCharge: (txid) =>
      call('PATCH', `/cob/${segment(txid)}`, [200], cobGeradaSchema, {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      }),
    refund: (e2eid, id, valor, descricao) =>
      call('PUT', `/pix/${segment(e2eid)}/devolucao/${segment(id)}`, [200, 201], devolucaoSchema, {
        valor,
        natureza: 'ORIGINAL',
        descricao,
      }),
    readRefund: (e2eid, id) =>
      call('GET', `/pix/${segment(e2eid)}/devolucao/${segment(id)}`, [200], devolucaoSchema),
    probe: async () => {
      token = await fetchToken();
      const found = await call('GET', `/webhook/${segment(options.pixKey)}`, [200, 404], webhookSchema);
      return found.webhookUrl;
    },
    registerWebhook: async (url) => {
      await call('PUT', `/webhook/${segment(options.pixKey)}`, [200, 201, 204], undefined, {
        webhookUrl: url,
      });
    },
    close: () => dispatcher.close(),
  };
}
