// One concern: issuing, reading, cancelling and correcting an NF-e at Focus NFe with the store's token, and
// believing only answers that follow its documentation (spec.ts).
import type { z } from 'zod';
import { providerFailure, ProviderError, sendToProvider } from '#/server/payments/http.ts';
import type { Method } from '#/server/payments/http.ts';
import type { InvoiceDraft, InvoiceOutcome, InvoiceProvider } from '#/server/invoices/provider.ts';
import {
  cancelAnswerSchema,
  correctionAnswerSchema,
  errorAnswerSchema,
  nfeAnswerSchema,
  type NfeAnswer,
  type NfeRequest,
} from './spec.ts';

/** The provider's homologation (test) address: its notes have no fiscal value. Production: api.focusnfe.com.br. */
export const FOCUSNFE_HOMOLOGATION_URL = 'https://homologacao.focusnfe.com.br';

export type FocusNfeOptions = {
  /** The company's token at Focus NFe (its panel → Empresas → Tokens). */
  token: string;
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

/** The NF-e in Focus NFe's fields ("Campos obrigatórios de uma NFe"). */
export function focusNfeRequest(draft: InvoiceDraft): NfeRequest {
  const { buyer, issuer } = draft;
  const a = buyer.address;
  return {
    natureza_operacao: 'Venda de mercadoria',
    data_emissao: draft.issuedAt.toISOString(),
    tipo_documento: 1,
    finalidade_emissao: 1,
    local_destino: draft.interstate ? 2 : 1,
    consumidor_final: draft.finalConsumer ? 1 : 0,
    presenca_comprador: 2,
    cnpj_emitente: issuer.cnpj,
    nome_emitente: issuer.name.slice(0, 60),
    inscricao_estadual_emitente: issuer.stateRegistration,
    regime_tributario_emitente: Number(issuer.regime) as 1 | 2 | 3 | 4,
    nome_destinatario: buyer.name.slice(0, 60),
    ...(buyer.cpf ? { cpf_destinatario: buyer.cpf } : {}),
    ...(buyer.cnpj ? { cnpj_destinatario: buyer.cnpj } : {}),
    indicador_inscricao_estadual_destinatario: buyer.ieIndicator,
    ...(buyer.stateRegistration ? { inscricao_estadual_destinatario: buyer.stateRegistration } : {}),
    email_destinatario: buyer.email,
    ...(/^\d{10,11}$/.test(buyer.phone) ? { telefone_destinatario: buyer.phone } : {}),
    logradouro_destinatario: a.street.slice(0, 60),
    numero_destinatario: a.number.slice(0, 60),
    ...(a.complement ? { complemento_destinatario: a.complement.slice(0, 60) } : {}),
    bairro_destinatario: a.district.slice(0, 60),
    municipio_destinatario: a.city.slice(0, 60),
    uf_destinatario: a.uf,
    cep_destinatario: a.cep,
    pais_destinatario: 'Brasil',
    modalidade_frete: draft.pickup ? 9 : 0,
    valor_frete: draft.freight,
    valor_desconto: draft.discount,
    valor_produtos: draft.products,
    valor_total: draft.total,
    items: draft.items.map((item, i) => ({
      numero_item: i + 1,
      codigo_produto: item.code,
      descricao: item.description,
      cfop: item.cfop,
      codigo_ncm: item.ncm,
      ...(item.cest ? { cest: item.cest } : {}),
      codigo_barras_comercial: item.gtin || 'SEM GTIN',
      codigo_barras_tributavel: item.gtin || 'SEM GTIN',
      unidade_comercial: 'UN',
      unidade_tributavel: 'UN',
      quantidade_comercial: item.quantity,
      quantidade_tributavel: item.quantity,
      valor_unitario_comercial: item.unitPrice,
      valor_unitario_tributavel: item.unitPrice,
      valor_bruto: item.gross,
      ...(item.discount > 0 ? { valor_desconto: item.discount } : {}),
      ...(item.freight > 0 ? { valor_frete: item.freight } : {}),
      inclui_no_total: 1,
      icms_origem: item.origin,
      icms_situacao_tributaria: '102',
      pis_situacao_tributaria: '49',
      cofins_situacao_tributaria: '49',
    })),
    formas_pagamento: draft.payments.map((p) => ({ forma_pagamento: p.code, valor_pagamento: p.amount })),
  };
}

const STATES = {
  processando_autorizacao: 'processando',
  autorizado: 'autorizada',
  cancelado: 'cancelada',
  erro_autorizacao: 'recusada',
  denegado: 'recusada',
} as const;

/** What the provider's errors say, in its own words (a field list for a schema error). */
function saidBy(body: unknown): string {
  const parsed = errorAnswerSchema.safeParse(body);
  if (!parsed.success) return '';
  const details = (parsed.data.erros ?? []).map((e) => e.mensagem).filter(Boolean);
  return [parsed.data.mensagem, ...details].filter(Boolean).join('; ').slice(0, 500);
}

export function createFocusNfe(options: FocusNfeOptions): InvoiceProvider {
  const base = (options.apiUrl ?? FOCUSNFE_HOMOLOGATION_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const auth = `Basic ${Buffer.from(`${options.token}:`).toString('base64')}`;
  const url = (path: string | undefined) => (path ? `${base}${path.startsWith('/') ? '' : '/'}${path}` : '');

  async function call(method: Method, path: string, body?: unknown) {
    return sendToProvider({
      url: `${base}${path}`,
      method,
      headers: {
        Authorization: auth,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs,
    });
  }

  function parse<S extends z.ZodType>(what: string, schema: S, json: unknown): z.infer<S> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ProviderError('invalid_answer', 502, `${what}: resposta fora do padrão`);
    return parsed.data;
  }

  const outcome = (answer: NfeAnswer): InvoiceOutcome => ({
    status: STATES[answer.status],
    number: answer.numero,
    series: answer.serie,
    accessKey: answer.chave_nfe?.replace(/^NFe/, ''),
    danfeUrl: url(answer.caminho_danfe),
    xmlUrl: url(answer.caminho_xml_nota_fiscal),
    reason:
      answer.status === 'erro_autorizacao' || answer.status === 'denegado'
        ? [answer.status_sefaz, answer.mensagem_sefaz].filter(Boolean).join(' ') || 'Recusada pela SEFAZ.'
        : undefined,
  });

  const ref = encodeURIComponent;
  return {
    name: 'focusnfe',
    // A reference no order has: 404 (nao_encontrado) proves the token opens the account and changes nothing.
    probe: async () => {
      const res = await call('GET', '/v2/nfe/teste-de-conexao-da-loja');
      if (res.status !== 404 && res.status !== 200)
        throw providerFailure('GET /v2/nfe/…', res.status, res.json);
      return undefined;
    },
    issue: async (reference, draft) => {
      const res = await call('POST', `/v2/nfe?ref=${ref(reference)}`, focusNfeRequest(draft));
      // 202: queued for the SEFAZ; 201: authorised at once (synchronous issuing). 422 and 400: refused as sent.
      if (res.status === 422 || res.status === 400)
        return {
          status: 'recusada',
          reason: saidBy(res.json) || `Recusada pela Focus NFe (${String(res.status)}).`,
        };
      if (res.status !== 201 && res.status !== 202)
        throw providerFailure('POST /v2/nfe', res.status, res.json);
      return outcome(parse('POST /v2/nfe', nfeAnswerSchema, res.json));
    },
    read: async (reference) => {
      const res = await call('GET', `/v2/nfe/${ref(reference)}`);
      if (res.status !== 200) throw providerFailure('GET /v2/nfe/…', res.status, res.json);
      return outcome(parse('GET /v2/nfe/…', nfeAnswerSchema, res.json));
    },
    cancel: async (reference, justificativa) => {
      const res = await call('DELETE', `/v2/nfe/${ref(reference)}`, { justificativa });
      if (res.status === 422 || res.status === 400)
        return { cancelled: false, reason: saidBy(res.json) || 'Cancelamento recusado.' };
      if (res.status !== 200) throw providerFailure('DELETE /v2/nfe/…', res.status, res.json);
      const answer = parse('DELETE /v2/nfe/…', cancelAnswerSchema, res.json);
      return {
        cancelled: answer.status === 'cancelado',
        reason: [answer.status_sefaz, answer.mensagem_sefaz].filter(Boolean).join(' '),
      };
    },
    correct: async (reference, correcao) => {
      const res = await call('POST', `/v2/nfe/${ref(reference)}/carta_correcao`, { correcao });
      if (res.status === 422 || res.status === 400)
        return { accepted: false, reason: saidBy(res.json) || 'Carta de correção recusada.' };
      if (res.status !== 200 && res.status !== 201)
        throw providerFailure('POST /v2/nfe/…/carta_correcao', res.status, res.json);
      const answer = parse('POST /v2/nfe/…/carta_correcao', correctionAnswerSchema, res.json);
      if (answer.status !== 'autorizado' || answer.numero_carta_correcao === undefined)
        return {
          accepted: false,
          reason:
            [answer.status_sefaz, answer.mensagem_sefaz].filter(Boolean).join(' ') || 'Recusada pela SEFAZ.',
        };
      return {
        accepted: true,
        number: answer.numero_carta_correcao,
        pdfUrl: url(answer.caminho_pdf_carta_correcao),
      };
    },
  };
}
