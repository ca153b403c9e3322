// One concern: the Focus NFe calls the store makes for an NF-e (modelo 55) and what they answer, as the
// provider's API documentation describes them (https://focusnfe.com.br/doc/#nfe, "Envio", "Consulta",
// "Cancelamento", "Carta de Correção Eletrônica"; the fields at https://campos.focusnfe.com.br/nfe/), written
// as our own schemas: the test double checks what the store sends with them, and the store checks what it is
// answered.
import { z } from 'zod';

const money = z.number().nonnegative().multipleOf(0.01);
const digitsOf = (n: number) => new RegExp(`^\\d{${String(n)}}$`);

/** One item of the NF-e (`items[]`: the XML's `det/prod` and `det/imposto`). */
export const nfeItemSchema = z.strictObject({
  numero_item: z.number().int().min(1).max(990),
  codigo_produto: z.string().min(1).max(60),
  descricao: z.string().min(1).max(120),
  cfop: z.enum(['5102', '6102', '6108']),
  codigo_ncm: z.string().regex(digitsOf(8)),
  cest: z.string().regex(digitsOf(7)).optional(),
  /** The GTIN, or `SEM GTIN` (NT 2017.001) when the goods have none. */
  codigo_barras_comercial: z.union([z.literal('SEM GTIN'), z.string().regex(/^(\d{8}|\d{12,14})$/)]),
  codigo_barras_tributavel: z.union([z.literal('SEM GTIN'), z.string().regex(/^(\d{8}|\d{12,14})$/)]),
  unidade_comercial: z.literal('UN'),
  unidade_tributavel: z.literal('UN'),
  quantidade_comercial: z.number().int().positive(),
  quantidade_tributavel: z.number().int().positive(),
  valor_unitario_comercial: money,
  valor_unitario_tributavel: money,
  valor_bruto: money,
  valor_desconto: money.optional(),
  valor_frete: money.optional(),
  inclui_no_total: z.literal(1),
  icms_origem: z.number().int().min(0).max(8),
  /** CSOSN (Simples Nacional) 102, or CST 00/40/41… is the regime normal's (not issued by the store). */
  icms_situacao_tributaria: z.enum(['102']),
  pis_situacao_tributaria: z.enum(['49', '99']),
  cofins_situacao_tributaria: z.enum(['49', '99']),
});

/** `POST /v2/nfe?ref={ref}`: the NF-e the provider signs and sends to the SEFAZ (asynchronous). */
export const nfeRequestSchema = z
  .strictObject({
    natureza_operacao: z.string().min(1).max(60),
    data_emissao: z.iso.datetime({ offset: true }),
    tipo_documento: z.literal(1),
    finalidade_emissao: z.literal(1),
    /** 1 internal, 2 interstate. */
    local_destino: z.union([z.literal(1), z.literal(2)]),
    consumidor_final: z.union([z.literal(0), z.literal(1)]),
    /** 2: a sale over the internet. */
    presenca_comprador: z.literal(2),
    cnpj_emitente: z.string().regex(/^[0-9A-Z]{12}\d{2}$/),
    nome_emitente: z.string().min(2).max(60).optional(),
    inscricao_estadual_emitente: z.string().min(2).max(14).optional(),
    regime_tributario_emitente: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    nome_destinatario: z.string().min(2).max(60),
    cpf_destinatario: z.string().regex(digitsOf(11)).optional(),
    cnpj_destinatario: z
      .string()
      .regex(/^[0-9A-Z]{12}\d{2}$/)
      .optional(),
    /** 1 contributor (IE given), 2 exempt (ISENTO), 9 not a contributor. */
    indicador_inscricao_estadual_destinatario: z.union([z.literal(1), z.literal(2), z.literal(9)]),
    inscricao_estadual_destinatario: z
      .string()
      .regex(/^\d{2,14}$/)
      .optional(),
    email_destinatario: z.email().optional(),
    telefone_destinatario: z
      .string()
      .regex(/^\d{10,11}$/)
      .optional(),
    logradouro_destinatario: z.string().min(2).max(60),
    numero_destinatario: z.string().min(1).max(60),
    complemento_destinatario: z.string().max(60).optional(),
    bairro_destinatario: z.string().min(2).max(60),
    municipio_destinatario: z.string().min(2).max(60),
    uf_destinatario: z.string().regex(/^[A-Z]{2}$/),
    cep_destinatario: z.string().regex(digitsOf(8)),
    pais_destinatario: z.literal('Brasil'),
    /** 0: the sender pays the carrier (the buyer paid the store for it). 9: no carriage (pickup). */
    modalidade_frete: z.union([z.literal(0), z.literal(9)]),
    valor_frete: money,
    valor_desconto: money,
    valor_produtos: money,
    valor_total: money,
    items: z.array(nfeItemSchema).min(1).max(990),
    /** `detPag`: 03 credit card, 15 boleto, 17 dynamic Pix, 20 static Pix. */
    formas_pagamento: z
      .array(
        z.strictObject({
          forma_pagamento: z.enum(['03', '15', '17', '20']),
          valor_pagamento: money,
        }),
      )
      .min(1),
  })
  .refine((n) => (n.cpf_destinatario === undefined) !== (n.cnpj_destinatario === undefined), {
    message: 'Preencha um documento do destinatário: cnpj_destinatario ou cpf_destinatario',
  });
export type NfeRequest = z.infer<typeof nfeRequestSchema>;

/** The provider's statuses of an NF-e ("Consulta", campo `status`). */
export const nfeStatusSchema = z.enum([
  'processando_autorizacao',
  'autorizado',
  'cancelado',
  'erro_autorizacao',
  'denegado',
]);

/** `GET /v2/nfe/{ref}` (and the answer to its `POST`, and the webhook's body): the NF-e as the provider has it. */
export const nfeAnswerSchema = z.object({
  ref: z.string().optional(),
  status: nfeStatusSchema,
  status_sefaz: z.string().optional(),
  mensagem_sefaz: z.string().optional(),
  numero: z.string().optional(),
  serie: z.string().optional(),
  chave_nfe: z.string().optional(),
  caminho_xml_nota_fiscal: z.string().optional(),
  caminho_danfe: z.string().optional(),
  caminho_pdf_carta_correcao: z.string().optional(),
  numero_carta_correcao: z.number().int().optional(),
});
export type NfeAnswer = z.infer<typeof nfeAnswerSchema>;

/** `DELETE /v2/nfe/{ref}` with `{justificativa}` (15–255 characters): synchronous. */
export const cancelRequestSchema = z.strictObject({ justificativa: z.string().min(15).max(255) });
export const cancelAnswerSchema = z.object({
  status: z.enum(['cancelado', 'erro_cancelamento']),
  status_sefaz: z.string().optional(),
  mensagem_sefaz: z.string().optional(),
});

/** `POST /v2/nfe/{ref}/carta_correcao` with `{correcao}` (15–1000 characters): synchronous. */
export const correctionRequestSchema = z.strictObject({ correcao: z.string().min(15).max(1000) });
export const correctionAnswerSchema = z.object({
  status: z.enum(['autorizado', 'erro_autorizacao']),
  status_sefaz: z.string().optional(),
  mensagem_sefaz: z.string().optional(),
  caminho_pdf_carta_correcao: z.string().optional(),
  numero_carta_correcao: z.number().int().optional(),
});

/** An error answer (`{codigo, mensagem, erros[]}`), e.g. 422 `erro_validacao_schema`. */
export const errorAnswerSchema = z.object({
  codigo: z.string().optional(),
  mensagem: z.string().optional(),
  erros: z
    .array(z.object({ mensagem: z.string().optional(), campo: z.string().nullable().optional() }))
    .optional(),
});
