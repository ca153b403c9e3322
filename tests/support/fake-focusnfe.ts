// Focus NFe on loopback, for the tests: the NF-e API as https://focusnfe.com.br/doc/#nfe documents it
// ("Envio" POST /v2/nfe?ref=, "Consulta" GET /v2/nfe/{ref}, "Cancelamento" DELETE /v2/nfe/{ref},
// "Carta de Correção Eletrônica" POST /v2/nfe/{ref}/carta_correcao), HTTP Basic with the token as the user,
// and the DANFE and XML files its answers point to. What the store sends is checked with
// src/server/invoices/focusnfe/spec.ts (written from that documentation) and with the NF-e's own sums;
// mismatches, and a second issue of the same ref, are kept in `violations` for the test to assert empty.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, serveOnLoopback } from './loopback.ts';
import {
  cancelRequestSchema,
  correctionRequestSchema,
  nfeRequestSchema,
} from '#/server/invoices/focusnfe/spec.ts';
import type { NfeRequest } from '#/server/invoices/focusnfe/spec.ts';

export type FakeFocusNfe = Awaited<ReturnType<typeof startFakeFocusNfe>>;

type Note = {
  ref: string;
  request: NfeRequest;
  status: 'processando_autorizacao' | 'autorizado' | 'cancelado' | 'erro_autorizacao' | 'denegado';
  numero: string;
  chave: string;
  mensagem: string;
  cartas: number;
  posts: number;
};

/** The access key's check digit (modulo 11 over weights 2..9 from the right, as the NF-e manual says). */
function keyWithDigit(first43: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += Number(first43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return `${first43}${String(rest < 2 ? 0 : 11 - rest)}`;
}

const cents = (n: number) => Math.round(n * 100);

/** The NF-e's own arithmetic, which the SEFAZ checks (rejections 531–535, 564, 610). */
function sumsOf(n: NfeRequest): string[] {
  const wrong: string[] = [];
  const sum = (f: (i: NfeRequest['items'][number]) => number | undefined) =>
    n.items.reduce((total, i) => total + cents(f(i) ?? 0), 0);
  if (sum((i) => i.valor_bruto) !== cents(n.valor_produtos)) wrong.push('valor_produtos ≠ soma dos itens');
  if (sum((i) => i.valor_desconto) !== cents(n.valor_desconto)) wrong.push('valor_desconto ≠ soma dos itens');
  if (sum((i) => i.valor_frete) !== cents(n.valor_frete)) wrong.push('valor_frete ≠ soma dos itens');
  if (cents(n.valor_produtos) - cents(n.valor_desconto) + cents(n.valor_frete) !== cents(n.valor_total))
    wrong.push('valor_total ≠ produtos − desconto + frete');
  for (const i of n.items)
    if (cents(i.quantidade_comercial * i.valor_unitario_comercial) !== cents(i.valor_bruto))
      wrong.push(`item ${String(i.numero_item)}: valor_bruto ≠ quantidade × unitário`);
  const paid = n.formas_pagamento.reduce((t, p) => t + cents(p.valor_pagamento), 0);
  if (paid !== cents(n.valor_total)) wrong.push('formas_pagamento ≠ valor_total');
  return [...wrong, ...tableRulesOf(n)];
}

/**
 * The SEFAZ's rules from the published tables, not the store's choices (Anexo I do Convênio s/nº de 1970, the
 * CFOP table; NF-e manual, Anexo I, rules for `CFOP`, `vDesc` and `CSOSN`):
 * - a CFOP of 5xxx is an operation within the state (`idDest` 1), 6xxx interstate (`idDest` 2);
 * - interstate to a buyer who is not an ICMS contributor (`indIEDest` 9) is 6107/6108 ("destinada a não
 *   contribuinte"); 6102 is the sale to a contributor;
 * - an item's discount is never above its value (rejection 483, vDesc > vProd);
 * - CSOSN (101–900) is declared only by CRT 1 (Simples Nacional) and 4 (MEI); other CRTs declare a CST
 *   (rejection 591).
 */
export function tableRulesOf(n: NfeRequest): string[] {
  const wrong: string[] = [];
  const interstate = n.local_destino === 2;
  const nonContributor = n.indicador_inscricao_estadual_destinatario === 9;
  for (const i of n.items) {
    const item = `item ${String(i.numero_item)}`;
    if (i.cfop.startsWith('5') === interstate)
      wrong.push(`${item}: CFOP ${i.cfop} não condiz com local_destino`);
    if (interstate && nonContributor && !['6107', '6108'].includes(i.cfop))
      wrong.push(`${item}: CFOP ${i.cfop} interestadual para não contribuinte (a tabela pede 6107/6108)`);
    if (interstate && !nonContributor && ['6107', '6108'].includes(i.cfop))
      wrong.push(`${item}: CFOP ${i.cfop} é de venda a não contribuinte, e o destinatário é contribuinte`);
    if (cents(i.valor_desconto ?? 0) > cents(i.valor_bruto))
      wrong.push(`${item}: valor_desconto maior que valor_bruto (rejeição 483)`);
    if (/^\d{3}$/.test(i.icms_situacao_tributaria) && ![1, 4].includes(n.regime_tributario_emitente))
      wrong.push(
        `${item}: CSOSN com regime_tributario_emitente ${String(n.regime_tributario_emitente)} (rejeição 591)`,
      );
  }
  return wrong;
}

/** Start it on 127.0.0.1. `state.outcome` is what the SEFAZ decides on the next read of a note in process. */
export async function startFakeFocusNfe() {
  const token = randomBytes(16).toString('hex');
  const notes = new Map<string, Note>();
  const violations: string[] = [];
  const calls: { method: string; path: string; status: number }[] = [];
  const state: {
    down: boolean;
    delayMs: number;
    nonsense: boolean;
    outcome: 'autorizado' | 'erro_autorizacao' | 'denegado';
    /** Reads a note stays `processando_autorizacao` before the SEFAZ decides. */
    readsBeforeDecision: number;
    cancelRefused: boolean;
    /** Keep the next notes posted, and break the connection instead of answering. */
    dropAnswer: boolean;
  } = {
    down: false,
    delayMs: 0,
    nonsense: false,
    outcome: 'autorizado',
    readsBeforeDecision: 0,
    cancelRefused: false,
    dropAnswer: false,
  };
  let nextNumber = 101;
  let origin = '';
  const reads = new Map<string, number>();

  const answerOf = (note: Note) => {
    const base = `/arquivos_development/${note.request.cnpj_emitente}/202611`;
    const authorised = note.status === 'autorizado' || note.status === 'cancelado';
    return {
      cnpj_emitente: note.request.cnpj_emitente,
      ref: note.ref,
      status: note.status,
      ...(note.status === 'processando_autorizacao'
        ? {}
        : { status_sefaz: authorised ? '100' : '539', mensagem_sefaz: note.mensagem }),
      ...(authorised
        ? {
            numero: note.numero,
            serie: '1',
            chave_nfe: `NFe${note.chave}`,
            caminho_xml_nota_fiscal: `${base}/XMLs/${note.chave}-nfe.xml`,
            caminho_danfe: `${base}/DANFEs/${note.chave}.pdf`,
          }
        : {}),
      ...(note.cartas > 0
        ? {
            numero_carta_correcao: note.cartas,
            caminho_pdf_carta_correcao: `/notas_fiscais/NFe${note.chave}/cartas_correcao/${String(note.cartas)}.pdf`,
          }
        : {}),
    };
  };

  /** The SEFAZ decides a note in process. */
  const decide = (note: Note) => {
    if (note.status !== 'processando_autorizacao') return;
    note.status = state.outcome;
    if (state.outcome === 'autorizado') {
      note.numero = String(nextNumber++);
      const cnpj = note.request.cnpj_emitente.replace(/\D/g, '').padStart(14, '0').slice(0, 14);
      note.chave = keyWithDigit(
        `352611${cnpj}55001${note.numero.padStart(9, '0')}1${String(10_000_000 + Number(note.numero))}`,
      );
      note.mensagem = 'Autorizado o uso da NF-e';
    } else
      note.mensagem =
        state.outcome === 'denegado'
          ? 'Uso Denegado: Irregularidade fiscal do destinatário'
          : 'Rejeição: CNPJ do emitente inválido';
  };

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> {
    const path = url.pathname;
    if (
      req.method === 'GET' &&
      (path.startsWith('/arquivos_development/') || path.startsWith('/notas_fiscais/'))
    ) {
      const pdf = path.endsWith('.pdf');
      res.writeHead(200, { 'Content-Type': pdf ? 'application/pdf' : 'application/xml' });
      res.end(pdf ? '%PDF-1.4\n% DANFE de teste\n%%EOF\n' : '<?xml version="1.0"?><nfeProc versao="4.00"/>');
      return 200;
    }
    const expected = `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      sendJson(res, 401, { codigo: 'nao_autorizado', mensagem: 'Token inválido' });
      return 401;
    }
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.down) {
      sendJson(res, 500, { codigo: 'erro_interno', mensagem: 'Erro interno' });
      return 500;
    }
    if (state.nonsense) {
      sendJson(res, req.method === 'POST' ? 202 : 200, { ok: 'talvez' });
      return 202;
    }
    if (req.method === 'POST' && path === '/v2/nfe') {
      const ref = url.searchParams.get('ref') ?? '';
      const parsed = nfeRequestSchema.safeParse(await readJson(req));
      if (!ref) {
        sendJson(res, 400, { codigo: 'requisicao_invalida', mensagem: 'Parâmetro "ref" não informado' });
        return 400;
      }
      if (!parsed.success) {
        violations.push(
          `POST /v2/nfe?ref=${ref}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
        sendJson(res, 422, {
          codigo: 'erro_validacao_schema',
          mensagem: 'Erro na validação do Schema XML, verifique o detalhamento dos erros',
          erros: parsed.error.issues.map((i) => ({ mensagem: i.message, campo: i.path.join('.') })),
        });
        return 422;
      }
      for (const wrong of sumsOf(parsed.data)) violations.push(`POST /v2/nfe?ref=${ref}: ${wrong}`);
      const known = notes.get(ref);
      if (known && known.status !== 'erro_autorizacao') {
        violations.push(`POST /v2/nfe?ref=${ref}: a mesma referência enviada de novo (${known.status})`);
        sendJson(res, 422, {
          codigo: 'already_processed',
          mensagem: 'Nota fiscal já autorizada ou em processamento',
        });
        return 422;
      }
      const note: Note = {
        ref,
        request: parsed.data,
        status: 'processando_autorizacao',
        numero: '',
        chave: '',
        mensagem: '',
        cartas: 0,
        posts: (known?.posts ?? 0) + 1,
      };
      notes.set(ref, note);
      reads.set(ref, 0);
      if (state.dropAnswer) {
        // Taken, then the connection breaks before the answer (a reset, a proxy giving up).
        res.socket?.destroy();
        return 0;
      }
      sendJson(res, 202, {
        cnpj_emitente: parsed.data.cnpj_emitente,
        ref,
        status: 'processando_autorizacao',
      });
      return 202;
    }
    const match = /^\/v2\/nfe\/([^/]+)(\/carta_correcao)?$/.exec(path);
    const note = match ? notes.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !note) {
      sendJson(res, 404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
      return 404;
    }
    if (req.method === 'GET' && !match[2]) {
      const seen = (reads.get(note.ref) ?? 0) + 1;
      reads.set(note.ref, seen);
      if (seen > state.readsBeforeDecision) decide(note);
      sendJson(res, 200, answerOf(note));
      return 200;
    }
    if (req.method === 'DELETE' && !match[2]) {
      const parsed = cancelRequestSchema.safeParse(await readJson(req));
      if (!parsed.success) {
        violations.push(`DELETE /v2/nfe/${note.ref}: justificativa fora do padrão`);
        sendJson(res, 400, {
          codigo: 'requisicao_invalida',
          mensagem: 'Parâmetro "justificativa" deve ter entre 15 e 255 caracteres',
        });
        return 400;
      }
      if (note.status !== 'autorizado') {
        sendJson(res, 422, { codigo: 'nfe_nao_autorizada', mensagem: 'Nota fiscal não autorizada.' });
        return 422;
      }
      if (state.cancelRefused) {
        sendJson(res, 200, {
          status: 'erro_cancelamento',
          status_sefaz: '501',
          mensagem_sefaz: 'Rejeição: Prazo de cancelamento superior ao previsto na Legislação',
        });
        return 200;
      }
      note.status = 'cancelado';
      sendJson(res, 200, {
        status: 'cancelado',
        status_sefaz: '135',
        mensagem_sefaz: 'Evento registrado e vinculado a NF-e',
        caminho_xml_cancelamento: `/arquivos_development/${note.request.cnpj_emitente}/202611/XMLs/${note.chave}-can.xml`,
      });
      return 200;
    }
    if (req.method === 'POST' && match[2]) {
      const parsed = correctionRequestSchema.safeParse(await readJson(req));
      if (!parsed.success) {
        violations.push(`POST /v2/nfe/${note.ref}/carta_correcao: correcao fora do padrão`);
        sendJson(res, 400, { codigo: 'requisicao_invalida', mensagem: 'Parâmetro "correcao" inválido' });
        return 400;
      }
      if (note.status !== 'autorizado') {
        sendJson(res, 422, { codigo: 'nfe_nao_autorizada', mensagem: 'Nota fiscal não autorizada.' });
        return 422;
      }
      note.cartas++;
      sendJson(res, 200, {
        status: 'autorizado',
        status_sefaz: '135',
        mensagem_sefaz: 'Evento registrado e vinculado a NF-e',
        caminho_pdf_carta_correcao: `/notas_fiscais/NFe${note.chave}/cartas_correcao/${String(note.cartas)}.pdf`,
        numero_carta_correcao: note.cartas,
      });
      return 200;
    }
    sendJson(res, 405, { codigo: 'metodo_nao_permitido', mensagem: 'Método não permitido' });
    return 405;
  }

  const server = await serveOnLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    handle(req, res, url).then(
      (status) => calls.push({ method: req.method ?? '', path: url.pathname + url.search, status }),
      (error: unknown) => {
        // The store giving up on a slow answer (its deadline) closes the request: not the store's fault.
        if (req.destroyed || res.destroyed) return;
        violations.push(`fake failed: ${String(error)}`);
        sendJson(res, 500, { codigo: 'erro_interno' });
      },
    );
  });
  origin = server.origin;
  return {
    token,
    apiUrl: origin,
    notes,
    calls,
    violations,
    state,
    /** The settings a store takes to issue through this fake. */
    env: () => ({ FOCUSNFE_TOKEN: token, FOCUSNFE_API_URL: origin }),
    close: server.close,
  };
}
