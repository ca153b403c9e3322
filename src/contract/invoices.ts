import { z } from 'zod';

/**
 * The NF-e (modelo 55) of an order, as the buyer and the team read it, and what the team sends to cancel it or
 * correct it. Our extension: the platform contract has no invoices.
 */

/** The origin of the goods (NF-e `orig`, Focus NFe `icms_origem`), as the Receita lists it. */
export const FISCAL_ORIGINS = [
  'Nacional',
  'Estrangeira, importação direta',
  'Estrangeira, adquirida no mercado interno',
  'Nacional, com mais de 40% de conteúdo estrangeiro',
  'Nacional, produzida por processo produtivo básico',
  'Nacional, com até 40% de conteúdo estrangeiro',
  'Estrangeira, importação direta, sem similar nacional',
  'Estrangeira, adquirida no mercado interno, sem similar nacional',
  'Nacional, com mais de 70% de conteúdo estrangeiro',
] as const;

/** NCM: the 8 digits of the Mercosur nomenclature (dots allowed when typed: 8481.80.19). */
export const NCM_MESSAGE = 'NCM: informe os 8 dígitos, por exemplo 8481.80.19.';
export const ncmOf = (value: string): string | undefined => {
  const d = value.replace(/[.\s]/g, '');
  return /^\d{8}$/.test(d) ? d : undefined;
};

/** CEST: 7 digits, only for goods under tax substitution (empty otherwise). */
export const CEST_MESSAGE = 'CEST: informe os 7 dígitos, por exemplo 10.006.00, ou deixe em branco.';
export const cestOf = (value: string): string | undefined => {
  const d = value.replace(/[.\s]/g, '');
  return d === '' || /^\d{7}$/.test(d) ? d : undefined;
};

/** GTIN-8, 12, 13 or 14 with its check digit (GS1's modulo 10). */
export function validGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  const body = value.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(value.at(-1));
}
export const GTIN_MESSAGE =
  'GTIN (código de barras): 8, 12, 13 ou 14 dígitos com o dígito verificador certo.';

/**
 * A company buyer's state registration: its digits, `ISENTO`, or empty (not an ICMS contributor). Answered as
 * the store keeps it; undefined when it is none of these.
 */
export function stateRegistrationOf(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return '';
  if (/^isent[oa]$/i.test(text)) return 'ISENTO';
  const d = text.replace(/[.\-/\s]/g, '');
  return /^\d{2,14}$/.test(d) ? d : undefined;
}
export const STATE_REGISTRATION_MESSAGE =
  'Inscrição estadual inválida. Informe os números dela, "ISENTO", ou deixe em branco se a empresa não é contribuinte do ICMS.';

/** The store's tax regime (NF-e CRT): it decides how ICMS is declared on each item. */
export const TAX_REGIMES = ['1', '2', '3', '4'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];
export const TAX_REGIME_LABELS: Record<TaxRegime, string> = {
  '1': 'Simples Nacional',
  '2': 'Simples Nacional, excesso de sublimite de receita bruta',
  '3': 'Regime normal (lucro presumido ou real)',
  '4': 'MEI',
};

/** When an order's NF-e is issued: as soon as it is paid, or when the team presses the button. */
export const INVOICE_MOMENTS = ['pagamento', 'botao'] as const;
export type InvoiceMoment = (typeof INVOICE_MOMENTS)[number];

export const INVOICE_STATES = ['processando', 'autorizada', 'recusada', 'cancelada'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  processando: 'Em processamento na SEFAZ',
  autorizada: 'Autorizada',
  recusada: 'Não autorizada',
  cancelada: 'Cancelada',
};

/** How long after its authorisation an NF-e may be cancelled (Ajuste SINIEF 07/05: 24 hours). */
export const CANCEL_WINDOW_HOURS = 24;

/** An authorised NF-e as its buyer sees it (the order page, the e-mail). */
export const notaFiscalSchema = z.object({
  numero: z.string(),
  serie: z.string(),
  /** The 44-digit access key. */
  chave: z.string(),
  /** The DANFE (PDF) and the XML. */
  danfe: z.string(),
  xml: z.string(),
  emitidaEm: z.string(),
});
export type NotaFiscal = z.infer<typeof notaFiscalSchema>;

/** The NF-e as the team sees it: any state, the provider's reason, what may be done next. */
export const notaFiscalEquipeSchema = z.object({
  situacao: z.enum(INVOICE_STATES),
  situacaoLabel: z.string(),
  /** `focusnfe`, or `erp` (an XML the team attached). */
  provedor: z.string(),
  numero: z.string(),
  serie: z.string(),
  chave: z.string(),
  danfe: z.string(),
  xml: z.string(),
  emitidaEm: z.string().optional(),
  /** Why it was refused or the last thing the provider said. */
  motivo: z.string(),
  cartaCorrecao: z.object({ numero: z.number().int(), pdf: z.string() }).optional(),
  /** Until when it may be cancelled (ISO), while it may. */
  cancelavelAte: z.string().optional(),
});
export type NotaFiscalEquipe = z.infer<typeof notaFiscalEquipeSchema>;

/** What the order page says of invoicing it: the NF-e, whether it may be issued, and what is missing. */
export const faturamentoSchema = z.object({
  nota: notaFiscalEquipeSchema.optional(),
  /** An invoicing provider is configured (FOCUSNFE_TOKEN). */
  provedor: z.boolean(),
  /** It may be issued now (paid, shipped or delivered; none yet, or the last refused). */
  podeEmitir: z.boolean(),
  /** An NF-e issued elsewhere (an ERP) may be attached (paid, and none standing). */
  podeAnexar: z.boolean(),
  /** What the NF-e needs and the store lacks, field by field ("NCM do acabamento Cromado de …"). */
  pendencias: z.array(z.string()),
});
export type Faturamento = z.infer<typeof faturamentoSchema>;

/** `POST /v2/admin/orders/{numero}/invoice/cancel`: the reason the SEFAZ records (15 to 255 characters). */
export const invoiceCancelSchema = z.object({
  justificativa: z
    .string({ message: 'Informe a justificativa do cancelamento.' })
    .trim()
    .min(15, { message: 'Justificativa: de 15 a 255 caracteres (a SEFAZ exige).' })
    .max(255, { message: 'Justificativa: de 15 a 255 caracteres (a SEFAZ exige).' }),
});

/** `POST /v2/admin/orders/{numero}/invoice/correction`: the correction letter's text (15 to 1000 characters). */
export const invoiceCorrectionSchema = z.object({
  correcao: z
    .string({ message: 'Informe o texto da carta de correção.' })
    .trim()
    .min(15, { message: 'Carta de correção: de 15 a 1000 caracteres (a SEFAZ exige).' })
    .max(1000, { message: 'Carta de correção: de 15 a 1000 caracteres (a SEFAZ exige).' }),
});

/** `POST /v2/admin/orders/{numero}/invoice` with `xml`: an NF-e issued elsewhere (an ERP), authorised. */
export const invoiceAttachSchema = z.object({
  xml: z
    .string({ message: 'Envie o XML autorizado da NF-e.' })
    .min(100, { message: 'Envie o XML autorizado da NF-e.' })
    .max(200_000, { message: 'XML grande demais para uma NF-e (até 200 KB).' }),
});

/** `GET checkout/order/{numero}/invoice-xml`, `GET /v2/admin/orders/{numero}/invoice/xml`: the XML the store keeps. */
export const invoiceXmlSchema = z.object({ xml: z.string() });
