import { z } from 'zod';
import { UFS } from './account.ts';
import { cepSchema, digits, documentKey, validCnpj, validCpf } from './documents.ts';
import { INVOICE_MOMENTS, TAX_REGIMES } from './invoices.ts';

/**
 * The store's settings as the owner changes them (`/v2/admin/settings`; our extension, `/painel/configuracoes`):
 * who the store is, how it is reached, how Pix is taken, when shipping is free, the promo bar and who on the
 * team hears of orders. Kept in the database; an environment variable still wins over its field.
 */

/** The kinds of Pix key the Banco Central's DICT holds (Manual de Padrões para Iniciação do Pix, "chave"). */
export const PIX_KEY_KINDS = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const;
export type PixKeyKind = (typeof PIX_KEY_KINDS)[number];
export const PIX_KEY_KIND_LABELS: Record<PixKeyKind, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'e-mail',
  telefone: 'celular',
  aleatoria: 'chave aleatória',
};

const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A Pix key as the DICT stores it, and its kind; undefined when it is none. CPF and CNPJ are their digits
 * (check digits verified), a phone is `+55` with DDD and number, an e-mail at most 77 characters, a random
 * key (EVP) the 36-character UUID in lower case.
 */
export function pixKeyOf(value: string): { key: string; kind: PixKeyKind } | undefined {
  const text = value.trim();
  if (text.includes('@'))
    return text.length <= 77 && EMAIL.test(text) ? { key: text.toLowerCase(), kind: 'email' } : undefined;
  if (text.startsWith('+')) {
    const phone = `+${digits(text)}`;
    return /^\+55[1-9]{2}9?\d{8}$/.test(phone) ? { key: phone, kind: 'telefone' } : undefined;
  }
  if (RANDOM_KEY.test(text.toLowerCase())) return { key: text.toLowerCase(), kind: 'aleatoria' };
  if (!/^[\dA-Za-z.\-/\s]+$/.test(text)) return undefined;
  // A CPF is digits; a CNPJ may carry letters since July 2026 (documents.ts).
  const key = documentKey(text);
  if (key.length === 11) return validCpf(key) ? { key, kind: 'cpf' } : undefined;
  if (key.length === 14) return validCnpj(key) ? { key, kind: 'cnpj' } : undefined;
  return undefined;
}

export const PIX_KEY_MESSAGE =
  'Chave Pix inválida. Use um CPF ou CNPJ (com dígitos verificadores certos), um e-mail, um celular com +55 e DDD ou uma chave aleatória.';

/** Least and most minutes an order waits for its Pix (the team is reminded 10 minutes before it ends). */
export const PAYMENT_MINUTES = { min: 15, max: 2880 } as const;
/** The Pix discount's ceiling, in percent. */
export const PIX_DISCOUNT_MAX = 30;
/** Addresses that hear of orders, at most. */
export const TEAM_ADDRESSES_MAX = 10;
/** The store's logo as the header draws it (CSS pixels): this tall, at most this wide. */
export const LOGO_HEIGHT = 32;
export const LOGO_MAX_WIDTH = 200;
/** A sent logo, at most (a phone's photo of a sign fits; the store keeps a small copy). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** The staff API's address a logo is sent to, as its own bytes (owners). */
export const LOGO_UPLOAD_PATH = '/v2/admin/settings/logo';
export const LOGO_TOO_LARGE = `O logo passa de ${String(LOGO_MAX_BYTES / 1024 / 1024)} MB: reduza-o e envie outra vez.`;

/** The promo bar's text, at most (it is one line on a phone). */
export const PROMO_MAX = 90;

const text = (label: string, min: number, max: number) =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .min(min, { message: `Informe ${label}.` })
    .max(max, { message: `Use no máximo ${String(max)} caracteres.` });

const phone = (label: string) =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .refine((v) => /^(\+?55)?\s*\(?[1-9]{2}\)?\s*9?\d{4}-?\s?\d{4}$/.test(v.replace(/[.\s]/g, '')), {
      message: `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} inválido. Use DDD e número, por exemplo (19) 3232-4500.`,
    });

const email = (message: string) =>
  z
    .string({ message })
    .trim()
    .toLowerCase()
    .max(120, { message })
    .refine((v) => EMAIL.test(v), { message });

/** What the owner sends: every field, as the form shows them (numbers already read). */
export const storeConfigSchema = z.object({
  nomeLoja: text('o nome da loja', 2, 60),
  razaoSocial: text('a razão social', 3, 120),
  cnpj: z
    .string({ message: 'Informe o CNPJ.' })
    .trim()
    .refine((v) => validCnpj(v), {
      message: 'CNPJ inválido. Confira os 14 caracteres (os 2 últimos são números).',
    }),
  inscricaoEstadual: z
    .string()
    .trim()
    .max(20, { message: 'Inscrição estadual inválida.' })
    .refine((v) => v === '' || /^isent[oa]$/i.test(v) || /^[\d.\-/]{2,20}$/.test(v), {
      message: 'Inscrição estadual inválida. Use os números dela ou "ISENTO".',
    }),
  endereco: text('o endereço', 10, 200),
  telefone: phone('o telefone'),
  whatsapp: phone('o WhatsApp'),
  emailAtendimento: email('E-mail de atendimento inválido.'),
  pixChave: z
    .string({ message: PIX_KEY_MESSAGE })
    .refine((v) => pixKeyOf(v) !== undefined, { message: PIX_KEY_MESSAGE }),
  /** The receiver's city the payer's bank shows (the BR Code's field 60 holds 15 characters). */
  pixCidade: text('a cidade do recebedor do Pix', 2, 15),
  pixDesconto: z
    .number({ message: 'Informe o desconto do Pix em %, de 0 a 30.' })
    .min(0, { message: 'Informe o desconto do Pix em %, de 0 a 30.' })
    .max(PIX_DISCOUNT_MAX, { message: 'Informe o desconto do Pix em %, de 0 a 30.' }),
  minutosPagamento: z
    .number({ message: 'Informe em minutos, de 15 a 2880 (dois dias).' })
    .int({ message: 'Informe em minutos inteiros, de 15 a 2880.' })
    .min(PAYMENT_MINUTES.min, { message: 'Informe em minutos, de 15 a 2880 (dois dias).' })
    .max(PAYMENT_MINUTES.max, { message: 'Informe em minutos, de 15 a 2880 (dois dias).' }),
  /** One threshold for the whole country; null: each region's own (the shipping table). */
  freteGratisAPartirDe: z
    .number({ message: 'Informe o valor em reais, por exemplo 599,90.' })
    .min(1, { message: 'Informe o valor em reais, por exemplo 599,90.' })
    .max(100_000, { message: 'Informe o valor em reais, por exemplo 599,90.' })
    .nullable(),
  barraPromocional: z
    .string()
    .trim()
    .max(PROMO_MAX, { message: `Use no máximo ${String(PROMO_MAX)} caracteres.` }),
  /** The home page's title for search engines, after the store's name ("Torneiras, cubas e metais"). */
  seoTitulo: z
    .string({ message: 'Informe o que a loja vende, de 10 a 70 caracteres.' })
    .trim()
    .min(10, { message: 'Use de 10 a 70 caracteres: o que a loja vende, como “Torneiras e cubas”.' })
    .max(70, { message: 'Use no máximo 70 caracteres: o Google corta o resto.' }),
  /** The home page's description for search engines; may use the settings' words ({desconto-pix}). */
  seoDescricao: z
    .string({ message: 'Informe a descrição da página inicial, de 50 a 170 caracteres.' })
    .trim()
    .min(50, { message: 'Use de 50 a 170 caracteres: uma ou duas frases sobre a loja.' })
    .max(170, { message: 'Use no máximo 170 caracteres: o Google corta o resto.' }),
  /** Working days between payment and dispatch, added to every delivery promise (0: dispatched the same day). */
  diasPreparo: z
    .number({ message: 'Informe em dias úteis, de 0 a 15.' })
    .int({ message: 'Informe em dias úteis inteiros, de 0 a 15.' })
    .min(0, { message: 'Informe em dias úteis, de 0 a 15.' })
    .max(15, { message: 'Informe em dias úteis, de 0 a 15.' }),
  /**
   * Hours after which a logged-in customer who consented to offers is reminded, once, of a cart left with
   * items; null: no such e-mail.
   */
  lembreteCarrinhoHoras: z
    .number({ message: 'Informe as horas, de 1 a 72, ou deixe em branco.' })
    .int({ message: 'Informe horas inteiras, de 1 a 72.' })
    .min(1, { message: 'Informe as horas, de 1 a 72, ou deixe em branco.' })
    .max(72, { message: 'Informe as horas, de 1 a 72, ou deixe em branco.' })
    .nullable(),
  /** Where parcels leave from: the carriers' labels and quotes. */
  remessaCep: cepSchema('Informe o CEP de onde saem as encomendas.'),
  remessaLogradouro: text('a rua de onde saem as encomendas', 2, 100),
  remessaNumero: text('o número (ou "s/n")', 1, 10),
  remessaComplemento: z.string().trim().max(60, { message: 'Use no máximo 60 caracteres.' }),
  remessaBairro: text('o bairro', 2, 60),
  remessaCidade: text('a cidade', 2, 60),
  remessaUf: z.enum(UFS, { message: 'Escolha o estado (UF).' }),
  /** The store's tax regime (NF-e CRT). */
  regimeTributario: z.enum(TAX_REGIMES, { message: 'Escolha o regime tributário da loja.' }),
  /** When an order's NF-e is issued: at payment, or by the order page's button. */
  emitirNfe: z.enum(INVOICE_MOMENTS, { message: 'Escolha quando emitir a NF-e.' }),
  /** Who hears of orders; empty: every owner and orders member. */
  emailsEquipe: z
    .array(email('Um dos e-mails da equipe é inválido.'), { message: 'Informe os e-mails, um por linha.' })
    .max(TEAM_ADDRESSES_MAX, { message: `Informe no máximo ${String(TEAM_ADDRESSES_MAX)} e-mails.` }),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;
export type StoreConfigField = keyof StoreConfig;

/** What the owner reads: the settings, the fields an environment variable fixes, and whether Pix is on. */
export const storeConfigAnswerSchema = z.object({
  /** As stored: the seed's or an older version's values need not pass the form's checks. */
  configuracao: z.object({
    nomeLoja: z.string(),
    razaoSocial: z.string(),
    cnpj: z.string(),
    inscricaoEstadual: z.string(),
    endereco: z.string(),
    telefone: z.string(),
    whatsapp: z.string(),
    emailAtendimento: z.string(),
    pixChave: z.string(),
    pixCidade: z.string(),
    pixDesconto: z.number(),
    minutosPagamento: z.number(),
    freteGratisAPartirDe: z.number().nullable(),
    barraPromocional: z.string(),
    seoTitulo: z.string(),
    seoDescricao: z.string(),
    diasPreparo: z.number(),
    lembreteCarrinhoHoras: z.number().nullable(),
    remessaCep: z.string(),
    remessaLogradouro: z.string(),
    remessaNumero: z.string(),
    remessaComplemento: z.string(),
    remessaBairro: z.string(),
    remessaCidade: z.string(),
    remessaUf: z.enum(UFS),
    regimeTributario: z.enum(TAX_REGIMES),
    emitirNfe: z.enum(INVOICE_MOMENTS),
    emailsEquipe: z.array(z.string()),
  }),
  /** Field → the environment variable that fixes it (the form shows it, and a change to it is not taken). */
  fixadas: z.partialRecord(storeConfigSchema.keyof(), z.string()),
  pix: z.object({
    ativo: z.boolean(),
    /** Why the checkout does not offer Pix, in Portuguese. */
    motivo: z.string().optional(),
    tipoChave: z.enum(PIX_KEY_KINDS).optional(),
  }),
  /** Whether an invoicing provider is configured (FOCUSNFE_TOKEN): without one the store issues no NF-e. */
  notaFiscal: z.object({ provedor: z.boolean() }),
  /** The logo the store shows (`proprio`: the owner's, sent in Configurações; else the installation's). */
  logo: z.object({ caminho: z.string(), proprio: z.boolean() }),
});
export type StoreConfigAnswer = z.infer<typeof storeConfigAnswerSchema>;

/** Each field as the form and the record of changes name it. */
export const STORE_CONFIG_LABELS: Record<StoreConfigField, string> = {
  nomeLoja: 'Nome da loja',
  razaoSocial: 'Razão social',
  cnpj: 'CNPJ',
  inscricaoEstadual: 'Inscrição estadual',
  endereco: 'Endereço',
  telefone: 'Telefone',
  whatsapp: 'WhatsApp',
  emailAtendimento: 'E-mail de atendimento',
  pixChave: 'Chave Pix',
  pixCidade: 'Cidade do recebedor do Pix',
  pixDesconto: 'Desconto no Pix (%)',
  minutosPagamento: 'Minutos para pagar o Pix',
  freteGratisAPartirDe: 'Frete grátis a partir de',
  barraPromocional: 'Texto da barra promocional',
  seoTitulo: 'Título da página inicial no Google',
  seoDescricao: 'Descrição da página inicial no Google',
  diasPreparo: 'Dias para preparar o pedido',
  lembreteCarrinhoHoras: 'Lembrete de carrinho (horas)',
  remessaCep: 'CEP',
  remessaLogradouro: 'Rua ou avenida',
  remessaNumero: 'Número',
  remessaComplemento: 'Complemento',
  remessaBairro: 'Bairro',
  remessaCidade: 'Cidade',
  remessaUf: 'UF',
  regimeTributario: 'Regime tributário',
  emitirNfe: 'Quando emitir a NF-e',
  emailsEquipe: 'E-mails que recebem os pedidos',
};
