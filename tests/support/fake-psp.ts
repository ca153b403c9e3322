// A PSP's API Pix on loopback, for the tests: mutual TLS with certificates made at start, OAuth2 client
// credentials, immediate charges, Pix received, refunds and the webhook's address. Every request the store
// sends is checked against the operation's schema (src/server/payments/pix-api/spec.ts, written from the
// Banco Central's openapi.yaml 2.9.0) and so is every answer this fake gives; a mismatch is kept in
// `violations` for the test to assert empty.
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import selfsigned from 'selfsigned';
import type { z } from 'zod';
import {
  cobCompletaSchema,
  cobGeradaSchema,
  cobRemocaoSchema,
  cobSolicitadaSchema,
  devolucaoSchema,
  devolucaoSolicitadaSchema,
  txidSchema,
  webhookSolicitadoSchema,
  type CobCompleta,
  type Devolucao,
  type Pix,
} from '#/server/payments/pix-api/spec.ts';
import { pixPayload } from '#/server/orders/pix.ts';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const alnum = (n: number) => Array.from(randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join('');

type Extensions = NonNullable<NonNullable<Parameters<typeof selfsigned.generate>[1]>['extensions']>;
type Call = { method: string; path: string; status: number };

async function certificates() {
  const day = 24 * 60 * 60 * 1000;
  const validity = { notBeforeDate: new Date(Date.now() - day), notAfterDate: new Date(Date.now() + day) };
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'PSP de teste CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ...validity,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const signed = (cn: string, extensions: Extensions) =>
    selfsigned.generate([{ name: 'commonName', value: cn }], {
      keyType: 'ec',
      algorithm: 'sha256',
      ...validity,
      ca: { key: ca.private, cert: ca.cert },
      extensions,
    });
  const server = await signed('127.0.0.1', [
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  const client = await signed('loja-de-teste', [{ name: 'extKeyUsage', clientAuth: true }]);
  // A certificate the PSP never issued (its own CA): a client holding it must be turned away.
  const stranger = await selfsigned.generate([{ name: 'commonName', value: 'intruso' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ...validity,
  });
  return { ca, server, client, stranger };
}

export type FakePsp = Awaited<ReturnType<typeof startFakePsp>>;

/** Start the PSP on 127.0.0.1 (a free port); `close()` when done. */
export async function startFakePsp(options: { tokenSeconds?: number } = {}) {
  const pems = await certificates();
  const clientId = `cliente-${alnum(8)}`;
  const clientSecret = alnum(32);
  const tokens = new Map<string, number>();
  const charges = new Map<string, CobCompleta>();
  const refunds = new Map<string, Devolucao>();
  let webhookUrl: string | undefined;
  const calls: Call[] = [];
  const violations: string[] = [];
  /** `refundsDown`: only the refund calls fail (503), as a PSP whose SPI link is down. */
  const state = { delayMs: 0, down: false, refundsDown: false, tokensIssued: 0 };

  const check = <S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> | undefined => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) violations.push(`${what}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    return parsed.success ? parsed.data : undefined;
  };
  const problem = (res: ServerResponse, status: number, title: string) => {
    res.writeHead(status, { 'Content-Type': 'application/problem+json' });
    res.end(JSON.stringify({ type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status }));
    return status;
  };
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
    return status;
  };

  function handle(req: IncomingMessage, res: ServerResponse, raw: string): number {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    if (state.down) return problem(res, 503, 'ServicoIndisponivel');
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`)
        return answer(res, 401, { error: 'invalid_client' });
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials')
        return answer(res, 400, { error: 'unsupported_grant_type' });
      const token = alnum(40);
      const seconds = options.tokenSeconds ?? 3600;
      tokens.set(token, Date.now() + seconds * 1000);
      state.tokensIssued += 1;
      return answer(res, 200, { access_token: token, token_type: 'Bearer', expires_in: seconds });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if ((tokens.get(bearer) ?? 0) < Date.now()) return problem(res, 401, 'AcessoNegado');
    const body = raw ? (JSON.parse(raw) as unknown) : undefined;
    let m = /^\/v2\/cob\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const txid = decodeURIComponent(m[1] ?? '');
      if (!txidSchema.safeParse(txid).success) {
        violations.push(`${req.method ?? ''} /cob: txid "${txid}" fora do padrão`);
        return problem(res, 400, 'RequisicaoInvalida');
      }
      const cob = charges.get(txid);
      if (req.method === 'PUT') {
        const asked = check(cobSolicitadaSchema, body, 'PUT /cob body');
        if (!asked) return problem(res, 400, 'RequisicaoInvalida');
        if (cob) return problem(res, 400, 'CobOperacaoInvalida');
        const made: CobCompleta = {
          calendario: { criacao: new Date().toISOString(), expiracao: asked.calendario.expiracao },
          txid,
          revisao: 0,
          status: 'ATIVA',
          valor: { original: asked.valor.original },
          chave: asked.chave,
          ...(asked.devedor ? { devedor: asked.devedor } : {}),
          ...(asked.solicitacaoPagador ? { solicitacaoPagador: asked.solicitacaoPagador } : {}),
          location: `127.0.0.1/qr/v2/${alnum(20).toLowerCase()}`,
          pixCopiaECola: pixPayload({
            key: asked.chave,
            merchantName: 'PSP de teste',
            merchantCity: 'Sao Paulo',
            amount: Number(asked.valor.original),
            txid: txid.slice(0, 25),
          }),
        };
        charges.set(txid, made);
        const { pix: _none, ...gerada } = made;
        check(cobGeradaSchema, gerada, 'PUT /cob answer');
        return answer(res, 201, gerada);
      }
      if (!cob) return problem(res, 404, 'NaoEncontrado');
      if (req.method === 'GET') {
        check(cobCompletaSchema, cob, 'GET /cob answer');
        return answer(res, 200, cob);
      }
      if (req.method === 'PATCH') {
        if (!check(cobRemocaoSchema, body, 'PATCH /cob body')) return problem(res, 400, 'RequisicaoInvalida');
        if (cob.status !== 'ATIVA') return problem(res, 400, 'CobOperacaoInvalida');
        cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
        cob.revisao += 1;
        const { pix: _paid, ...gerada } = cob;
        return answer(res, 200, gerada);
      }
    }
    m = /^\/v2\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(url.pathname);
    if (m && state.refundsDown) return problem(res, 503, 'ServicoIndisponivel');
    if (m && req.method === 'PUT') {
      const [e2eid, id] = [decodeURIComponent(m[1] ?? ''), decodeURIComponent(m[2] ?? '')];
      const asked = check(devolucaoSolicitadaSchema, body, 'PUT /devolucao body');
      if (!asked || !/^[a-zA-Z0-9]{1,35}$/.test(id)) return problem(res, 400, 'RequisicaoInvalida');
      const pix = [...charges.values()].flatMap((c) => c.pix ?? []).find((p) => p.endToEndId === e2eid);
      if (!pix) return problem(res, 404, 'NaoEncontrado');
      const key = `${e2eid}/${id}`;
      const known = refunds.get(key);
      if (known) return answer(res, 201, known);
      const given = (pix.devolucoes ?? []).reduce((s, d) => s + Number(d.valor), 0);
      if (Number(asked.valor) + given > Number(pix.valor) + 1e-9)
        return problem(res, 400, 'DevolucaoInvalida');
      const devolucao: Devolucao = {
        id,
        rtrId: `D${alnum(31)}`,
        valor: asked.valor,
        horario: { solicitacao: new Date().toISOString() },
        status: 'EM_PROCESSAMENTO',
      };
      check(devolucaoSchema, devolucao, 'PUT /devolucao answer');
      refunds.set(key, devolucao);
      pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
      return answer(res, 201, devolucao);
    }
    // `GET /pix/{e2eid}/devolucao/{id}` (openapi.yaml, "Consultar devolução").
    if (m && req.method === 'GET') {
      const known = refunds.get(`${decodeURIComponent(m[1] ?? '')}/${decodeURIComponent(m[2] ?? '')}`);
      if (!known) return problem(res, 404, 'NaoEncontrado');
      check(devolucaoSchema, known, 'GET /devolucao answer');
      return answer(res, 200, known);
    }
    m = /^\/v2\/webhook\/([^/]+)$/.exec(url.pathname);
    if (m && req.method === 'PUT') {
      const asked = check(webhookSolicitadoSchema, body, 'PUT /webhook body');
      if (!asked) return problem(res, 400, 'RequisicaoInvalida');
      webhookUrl = asked.webhookUrl;
      res.writeHead(200).end();
      return 200;
    }
    // `GET /webhook/{chave}` (openapi.yaml, "Exibir informações acerca do Webhook Pix"): 404 until one is set.
    if (m && req.method === 'GET') {
      if (!webhookUrl) return problem(res, 404, 'NaoEncontrado');
      return answer(res, 200, {
        webhookUrl,
        chave: decodeURIComponent(m[1] ?? ''),
        criacao: new Date().toISOString(),
      });
    }
    return problem(res, 404, 'NaoEncontrado');
  }

  const server = createServer(
    {
      key: pems.server.private,
      cert: pems.server.cert,
      ca: [pems.ca.cert],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        setTimeout(() => {
          let status: number;
          try {
            status = handle(req, res, Buffer.concat(chunks).toString('utf8'));
          } catch (error) {
            violations.push(`${req.method ?? ''} ${req.url ?? ''}: ${String(error)}`);
            status = problem(res, 400, 'RequisicaoInvalida');
          }
          calls.push({ method: req.method ?? '', path: req.url ?? '', status });
        }, state.delayMs);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'psp-'));
  const file = async (name: string, pem: string) => {
    const where = path.join(dir, name);
    await writeFile(where, pem, { mode: 0o600 });
    return where;
  };

  /** The Pix a payer makes of a charge (its value, or `valor`), as the PSP records and notifies it. */
  const pay = (txid: string, valor?: string): Pix => {
    const cob = charges.get(txid);
    if (!cob) throw new Error(`no charge ${txid}`);
    const pix: Pix = {
      endToEndId: `E${alnum(31)}`,
      txid,
      valor: valor ?? cob.valor.original,
      chave: cob.chave,
      horario: new Date().toISOString(),
    };
    cob.pix = [...(cob.pix ?? []), pix];
    cob.status = 'CONCLUIDA';
    return pix;
  };

  const apiUrl = `${origin}/v2`;
  const tokenUrl = `${origin}/oauth/token`;
  const files = {
    cert: await file('cliente.crt', pems.client.cert),
    key: await file('cliente.key', pems.client.private),
    ca: await file('ca.crt', pems.ca.cert),
  };
  return {
    apiUrl,
    tokenUrl,
    clientId,
    clientSecret,
    /** The store's client certificate, key and the PSP's chain, as PEM text and as files (PIX_* settings). */
    pem: { cert: pems.client.cert, key: pems.client.private, ca: pems.ca.cert },
    stranger: { cert: pems.stranger.cert, key: pems.stranger.private },
    files,
    /** The store's PIX_* settings for this PSP, as `pixFromSettings` takes them. */
    settings: (pixKey: string) => ({
      apiUrl,
      tokenUrl,
      clientId,
      clientSecret,
      clientCert: files.cert,
      clientKey: files.key,
      ca: files.ca,
      pixKey,
    }),
    /** The same as the environment of a store process. */
    env: (pixKey: string) => ({
      PIX_API_URL: apiUrl,
      PIX_TOKEN_URL: tokenUrl,
      PIX_CLIENT_ID: clientId,
      PIX_CLIENT_SECRET: clientSecret,
      PIX_CLIENT_CERT: files.cert,
      PIX_CLIENT_KEY: files.key,
      PIX_CA: files.ca,
      PIX_KEY: pixKey,
    }),
    charges,
    calls,
    violations,
    state,
    webhookUrl: () => webhookUrl,
    pay,
    /** The webhook notice of these Pix (`POST {webhookUrl}/pix`). */
    notice: (...pix: Pix[]) => ({ pix }),
    /** Every refund still `EM_PROCESSAMENTO` ends as the SPI would settle it: given back, or not. */
    settleRefunds: (status: 'DEVOLVIDO' | 'NAO_REALIZADO') => {
      for (const refund of refunds.values())
        if (refund.status === 'EM_PROCESSAMENTO') {
          refund.status = status;
          if (status === 'DEVOLVIDO') refund.horario.liquidacao = new Date().toISOString();
          else refund.motivo = 'Conta do pagador encerrada';
        }
    },
    /**
     * A Pix returned to its payer without the store asking: the Banco Central's MED (a fraud claim,
     * `natureza` MED_FRAUDE or MED_OPERACIONAL), settled at once. It shows only on the charge (`GET /cob`).
     */
    returnByMed: (e2eid: string, valor: string, natureza = 'MED_FRAUDE'): Devolucao => {
      const pix = [...charges.values()].flatMap((c) => c.pix ?? []).find((p) => p.endToEndId === e2eid);
      if (!pix) throw new Error(`no Pix ${e2eid}`);
      const devolucao: Devolucao = {
        id: `MED${alnum(20)}`,
        rtrId: `D${alnum(31)}`,
        valor,
        natureza,
        horario: { solicitacao: new Date().toISOString(), liquidacao: new Date().toISOString() },
        status: 'DEVOLVIDO',
      };
      check(devolucaoSchema, devolucao, 'MED devolução');
      pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
      return devolucao;
    },
    /** Forget the tokens issued (as a PSP that revoked them early). */
    revokeTokens: () => {
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
