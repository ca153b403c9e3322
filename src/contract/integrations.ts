import { z } from 'zod';

/**
 * The providers the store works with, as the owner sets them up (`/v2/admin/integrations`, owners only; our
 * extension, `/painel/integracoes`). Each is on from the environment (its main variable set: the environment
 * wins, whole), from the panel, or off. Secrets are written, never read back: the answer says only whether
 * one is kept.
 */

/** How a field is typed: one line, an address, or a PEM file (certificate or key) sent whole. */
export type IntegrationFieldKind = 'texto' | 'endereco' | 'pem';

export type IntegrationField = {
  rotulo: string;
  /** The environment variable that sets the same thing (docs/operations.md). */
  variavel: string;
  tipo: IntegrationFieldKind;
  /** Kept sealed and never shown back. */
  segredo: boolean;
  obrigatorio: boolean;
  ajuda?: string;
};

const field = (
  rotulo: string,
  variavel: string,
  options: Partial<Omit<IntegrationField, 'rotulo' | 'variavel'>> = {},
): IntegrationField => ({ rotulo, variavel, tipo: 'texto', segredo: false, obrigatorio: true, ...options });

/** Each provider: its name, what it does for the store, and its fields in the order the form shows them. */
export const INTEGRATIONS = {
  smtp: {
    nome: 'E-mail (SMTP)',
    papel: 'Envia os e-mails da loja: códigos, confirmações de pedido, avisos de envio, reembolsos.',
    campos: {
      url: field('Endereço SMTP', 'SMTP_URL', {
        tipo: 'endereco',
        segredo: true,
        ajuda: 'Como smtps://usuario:senha@smtp.seuprovedor.com.br:465 (a senha fica guardada em sigilo).',
      }),
      from: field('Remetente', 'MAIL_FROM', {
        obrigatorio: false,
        ajuda: 'Como Sua Loja <contato@sualoja.com.br>. Em branco: loja@localhost com o nome da loja.',
      }),
    },
  },
  pix: {
    nome: 'API Pix do banco (PSP)',
    papel:
      'Cada pedido ganha sua cobrança Pix, confirmada sozinha pelo banco, na hora. Sem ela, a equipe confere o Pix no extrato.',
    campos: {
      apiUrl: field('Endereço da API Pix', 'PIX_API_URL', { tipo: 'endereco' }),
      tokenUrl: field('Endereço do token (OAuth)', 'PIX_TOKEN_URL', { tipo: 'endereco' }),
      clientId: field('Client ID', 'PIX_CLIENT_ID'),
      clientSecret: field('Client secret', 'PIX_CLIENT_SECRET', { segredo: true }),
      clientCert: field('Certificado do cliente (.pem)', 'PIX_CLIENT_CERT', { tipo: 'pem', segredo: true }),
      clientKey: field('Chave privada do certificado (.pem ou .key)', 'PIX_CLIENT_KEY', {
        tipo: 'pem',
        segredo: true,
      }),
      ca: field('Cadeia de confiança do banco (.pem, opcional)', 'PIX_CA', {
        tipo: 'pem',
        segredo: true,
        obrigatorio: false,
      }),
    },
  },
  mercadopago: {
    nome: 'Mercado Pago',
    papel: 'Cartão de crédito (parcelado) e boleto pelo checkout do Mercado Pago.',
    campos: {
      accessToken: field('Access token', 'MERCADOPAGO_ACCESS_TOKEN', { segredo: true }),
      webhookSecret: field('Assinatura secreta das notificações', 'MERCADOPAGO_WEBHOOK_SECRET', {
        segredo: true,
      }),
      apiUrl: field('Endereço da API', 'MERCADOPAGO_API_URL', {
        tipo: 'endereco',
        obrigatorio: false,
        ajuda: 'Em branco: https://api.mercadopago.com.',
      }),
    },
  },
  focusnfe: {
    nome: 'Focus NFe',
    papel: 'Emite a NF-e de cada pedido pago e envia o DANFE ao cliente.',
    campos: {
      token: field('Token', 'FOCUSNFE_TOKEN', { segredo: true }),
      apiUrl: field('Endereço da API', 'FOCUSNFE_API_URL', {
        tipo: 'endereco',
        obrigatorio: false,
        ajuda:
          'Em branco: https://api.focusnfe.com.br (produção). Homologação: https://homologacao.focusnfe.com.br.',
      }),
      webhookSecret: field('Segredo das notificações (Authorization)', 'FOCUSNFE_WEBHOOK_SECRET', {
        segredo: true,
        obrigatorio: false,
      }),
    },
  },
  melhorenvio: {
    nome: 'Melhor Envio',
    papel: 'Cotação das transportadoras, etiquetas e rastreio dos pedidos.',
    campos: {
      token: field('Token', 'MELHORENVIO_TOKEN', { segredo: true }),
      apiUrl: field('Endereço da API', 'MELHORENVIO_API_URL', {
        tipo: 'endereco',
        obrigatorio: false,
        ajuda: 'Em branco: https://melhorenvio.com.br. Sandbox: https://sandbox.melhorenvio.com.br.',
      }),
      clientId: field('Client ID do aplicativo', 'MELHORENVIO_CLIENT_ID', { obrigatorio: false }),
      clientSecret: field('Client secret do aplicativo', 'MELHORENVIO_CLIENT_SECRET', {
        segredo: true,
        obrigatorio: false,
      }),
      refreshToken: field('Refresh token', 'MELHORENVIO_REFRESH_TOKEN', {
        segredo: true,
        obrigatorio: false,
      }),
    },
  },
} as const satisfies Record<
  string,
  { nome: string; papel: string; campos: Record<string, IntegrationField> }
>;

export type IntegrationId = keyof typeof INTEGRATIONS;
export const INTEGRATION_IDS = Object.keys(INTEGRATIONS) as [IntegrationId, ...IntegrationId[]];
export const isIntegrationId = (value: string): value is IntegrationId => Object.hasOwn(INTEGRATIONS, value);

/** The fields of one provider, by name. */
export const fieldsOf = (id: IntegrationId): Record<string, IntegrationField> => INTEGRATIONS[id].campos;

/** A PEM file's text: a certificate chain is a few KB; the three of the Pix fit one API call (64 KB). */
export const PEM_MAX = 16 * 1024;
/** Any other field's value. */
export const INTEGRATION_TEXT_MAX = 2000;

/**
 * What the panel sends to set a provider up: each field's new value. A secret left empty keeps the one kept
 * (it is never shown back, so the form cannot send it again); `apagar` lists optional fields to empty.
 */
export const integrationSaveSchema = z.object({
  campos: z.record(
    z.string().max(40),
    z
      .string({ message: 'Valor inválido.' })
      .max(PEM_MAX, { message: 'Arquivo grande demais (16 KB no máximo).' }),
    { message: 'Campos inválidos.' },
  ),
  apagar: z.array(z.string().max(40)).max(10).default([]),
});
export type IntegrationSave = z.output<typeof integrationSaveSchema>;

export const integrationFieldStateSchema = z.object({
  nome: z.string(),
  rotulo: z.string(),
  variavel: z.string(),
  tipo: z.enum(['texto', 'endereco', 'pem']),
  segredo: z.boolean(),
  obrigatorio: z.boolean(),
  ajuda: z.string().optional(),
  /** What the panel keeps, for a field that is not a secret ('' when none). */
  valor: z.string(),
  /** Whether a value is kept (for a secret, the only thing said of it). */
  guardado: z.boolean(),
});

export const integrationStateSchema = z.object({
  id: z.enum(INTEGRATION_IDS),
  nome: z.string(),
  papel: z.string(),
  /** Working for the store now. */
  ligada: z.boolean(),
  /** Where its settings come from: the environment wins over the panel (docs/operations.md). */
  origem: z.enum(['ambiente', 'painel', 'nenhuma']),
  /** Why the panel's settings do not make it work (a field missing, a secret that no longer opens). */
  problema: z.string().optional(),
  campos: z.array(integrationFieldStateSchema),
  /** The last "Testar conexão". */
  teste: z.object({ em: z.string(), ok: z.boolean(), mensagem: z.string() }).optional(),
});
export type IntegrationState = z.output<typeof integrationStateSchema>;

export const integrationsAnswerSchema = z.object({ integracoes: z.array(integrationStateSchema) });
export type IntegrationsAnswer = z.output<typeof integrationsAnswerSchema>;

export const integrationTestSchema = z.object({ ok: z.boolean(), mensagem: z.string() });
export type IntegrationTest = z.output<typeof integrationTestSchema>;
