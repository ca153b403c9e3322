// One concern: the API Pix operations the store calls, as the Banco Central publishes them (bacen/pix-api,
// openapi.yaml 2.9.0), written as our own schemas: what the store sends is checked against them by the test
// PSP, and what a PSP answers is checked against them by the store before it is believed.
import { z } from 'zod';

/** `TxId`: made by the receiver, 26 to 35 letters and digits (for an immediate charge). */
export const txidSchema = z.string().regex(/^[a-zA-Z0-9]{26,35}$/);
/** `EndToEndId`: the Pix's id across the SPI, 32 letters and digits. */
export const e2eidSchema = z.string().regex(/^[a-zA-Z0-9]{32}$/);
/** `DevolucaoId`: made by the receiver, 1 to 35 letters and digits. */
export const devolucaoIdSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/);
/** Amounts travel as strings with two decimals ("1234.56"). */
export const valorSchema = z.string().regex(/^\d{1,10}\.\d{2}$/);
/** The DICT key of the receiver. */
export const chaveSchema = z.string().min(1).max(77);

const pessoaFisica = z.strictObject({ cpf: z.string().regex(/^\d{11}$/), nome: z.string().max(200) });
const pessoaJuridica = z.strictObject({
  cnpj: z.string().regex(/^[0-9A-Z]{14}$/),
  nome: z.string().max(200),
});
/** `devedor`: a CPF or a CNPJ with a name, never both. */
export const devedorSchema = z.union([pessoaFisica, pessoaJuridica]);

const infoAdicionais = z.array(z.object({ nome: z.string().max(50), valor: z.string().max(200) })).max(50);

/** `CobSolicitada`: the body of `PUT /cob/{txid}` (an immediate charge of a fixed value). */
export const cobSolicitadaSchema = z.strictObject({
  calendario: z.strictObject({ expiracao: z.number().int().positive() }),
  devedor: devedorSchema.optional(),
  valor: z.strictObject({ original: valorSchema, modalidadeAlteracao: z.literal(0).optional() }),
  chave: chaveSchema,
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: infoAdicionais.optional(),
});
export type CobSolicitada = z.infer<typeof cobSolicitadaSchema>;

/** `CobRevisada` as the store uses it: `PATCH /cob/{txid}` to remove a charge nobody should pay any more. */
export const cobRemocaoSchema = z.strictObject({ status: z.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR') });

/** `CobrancaStatus`. */
export const cobStatusSchema = z.enum([
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
]);
export type CobStatus = z.infer<typeof cobStatusSchema>;

/** `Devolucao`: a refund of (part of) a Pix received. */
export const devolucaoSchema = z.object({
  id: devolucaoIdSchema,
  rtrId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  valor: valorSchema,
  natureza: z.string().optional(),
  descricao: z.string().max(140).optional(),
  horario: z.object({ solicitacao: z.string().optional(), liquidacao: z.string().optional() }),
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  motivo: z.string().max(140).optional(),
});
export type Devolucao = z.infer<typeof devolucaoSchema>;

/** `Pix`: one payment received (in a charge's answer and in the webhook's notice). */
export const pixSchema = z.object({
  endToEndId: e2eidSchema,
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/)
    .optional(),
  valor: valorSchema,
  chave: z.string().optional(),
  horario: z.string(),
  infoPagador: z.string().optional(),
  devolucoes: z.array(devolucaoSchema).optional(),
});
export type Pix = z.infer<typeof pixSchema>;

/** `CobGerada`: the answer of `PUT`/`PATCH /cob/{txid}`. */
export const cobGeradaSchema = z.object({
  calendario: z.object({ criacao: z.string(), expiracao: z.number().int() }),
  txid: txidSchema,
  revisao: z.number().int().nonnegative(),
  status: cobStatusSchema,
  valor: z.object({ original: valorSchema }),
  chave: chaveSchema,
  devedor: z.record(z.string(), z.unknown()).optional(),
  location: z.string().max(77).optional(),
  pixCopiaECola: z.string().max(512).optional(),
  solicitacaoPagador: z.string().optional(),
});
export type CobGerada = z.infer<typeof cobGeradaSchema>;

/** `CobCompleta`: the answer of `GET /cob/{txid}`, with the Pix received for it. */
export const cobCompletaSchema = cobGeradaSchema.extend({ pix: z.array(pixSchema).optional() });
export type CobCompleta = z.infer<typeof cobCompletaSchema>;

/** `DevolucaoSolicitada`: the body of `PUT /pix/{e2eid}/devolucao/{id}`. */
export const devolucaoSolicitadaSchema = z.strictObject({
  valor: valorSchema,
  natureza: z.enum(['ORIGINAL', 'RETIRADA']).optional(),
  descricao: z.string().max(140).optional(),
});

/** `WebhookSolicitado`: the body of `PUT /webhook/{chave}`. */
export const webhookSolicitadoSchema = z.strictObject({ webhookUrl: z.url() });

/**
 * `Webhook`: the answer of `GET /webhook/{chave}` (webhookUrl, chave, criacao); read loosely, since the
 * store only wants the address, and a 404's problem body (no webhook yet) reads as none.
 */
export const webhookSchema = z.object({ webhookUrl: z.string().optional() });

/** The notice a PSP posts to `{webhookUrl}/pix` (`WebhookPixBody`). */
export const webhookPixSchema = z.object({ pix: z.array(pixSchema).max(1000) });

/** `Problema` (RFC 7807): what a PSP answers with a 4xx or 5xx. */
export const problemaSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
});

/** The OAuth2 client-credentials answer (RFC 6749 §5.1). */
export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive().optional(),
  scope: z.string().optional(),
});
