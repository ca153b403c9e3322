import { z } from 'zod';
import { emailSchema, passwordSchema } from './account.ts';
import { anyOf, listSearch, wholeNumber } from './common.ts';

/**
 * The store's team (`/v2/admin/*`, our extension): members, their roles and their panel sessions. The
 * back office (`/painel`) and automation (ADMIN_TOKEN) speak the same staff API.
 */

/**
 * `dono`: everything, the team and the settings; `pedidos`: orders and refunds; `catalogo`: products, stock,
 * prices, coupons, reviews; `conteudo`: the store's pages and marketing, nothing of orders or customers.
 */
export const PAPEIS = ['dono', 'pedidos', 'catalogo', 'conteudo'] as const;
export type Papel = (typeof PAPEIS)[number];

export const PAPEL_LABELS: Record<Papel, string> = {
  dono: 'Dono',
  pedidos: 'Pedidos',
  catalogo: 'Catálogo',
  conteudo: 'Conteúdo',
};

/** The panel's session travels in this header to the staff API (the browser holds it in the `painel` cookie). */
export const STAFF_SESSION_HEADER = 'Staff-Session';
export const STAFF_COOKIE = 'painel';

/** A panel session ends after 30 minutes without a request, and 12 hours after the login whatever happens. */
export const STAFF_SESSION = { idleMs: 30 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 } as const;

/** How long a one-time link to set a password stays good. */
export const STAFF_LINK_HOURS = 48;

const papel = z.enum(PAPEIS, { error: 'Escolha um papel: dono, pedidos, catalogo ou conteudo.' });

/** `POST /v2/admin/session`: log in. */
export const staffLoginSchema = z.object({
  email: z
    .string({ message: 'Informe seu e-mail.' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'Informe seu e-mail.' })
    .max(254),
  senha: z.string({ message: 'Informe sua senha.' }).min(1, { message: 'Informe sua senha.' }).max(1024),
});

export const STAFF_LOGIN_FAILED = 'E-mail ou senha incorretos.';

/** `POST /v2/admin/session`, second step: the challenge the password answered, and the app's (or a recovery) code. */
export const staffSecondStepSchema = z.object({
  desafio: z.string().max(200, { message: 'A verificação expirou. Entre de novo.' }),
  codigo: z
    .string({ message: 'Digite o código do aplicativo.' })
    .trim()
    .min(1, { message: 'Digite o código do aplicativo.' })
    .max(20, { message: 'Digite o código de 6 números do aplicativo ou um código de recuperação.' }),
});

/** `POST /v2/admin/me/totp/confirm` and `DELETE /v2/admin/me/totp`: a code. */
export const staffCodeSchema = staffSecondStepSchema.pick({ codigo: true });

/** `POST /v2/admin/password`: the password chosen through a one-time link. */
export const staffPasswordSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'Este link não é válido.' }),
  senha: passwordSchema,
});

export const membroSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nome: z.string(),
  papel: z.enum(PAPEIS),
  ativo: z.boolean(),
  /** Whether the member has set a password (a new one has a link to do it). */
  senhaDefinida: z.boolean(),
  /** Whether logging in also asks for a code from an authenticator app. */
  segundoFator: z.boolean(),
  criadoEm: z.string(),
});
export type Membro = z.infer<typeof membroSchema>;

/**
 * `POST /v2/admin/session`'s answer: the session token the panel keeps and who logged in, or (a member with
 * a second factor, after the right password) the challenge to send back with the code.
 */
export const staffOpenedSchema = z.object({ token: z.string(), membro: membroSchema });
/** `GET /v2/admin/password?token=`: whether a one-time link still sets a password (unused, in time, member active). */
export const staffLinkOpenSchema = z.object({ valido: z.boolean() });
export const staffSessionSchema = z.union([staffOpenedSchema, z.object({ desafio: z.string() })]);

/** `POST /v2/admin/me/totp`: a new secret to enrol, as text and as the app's URI (drawn as a QR code). */
export const staffEnrolmentSchema = z.object({ segredo: z.string(), uri: z.string() });
/** `POST /v2/admin/me/totp/confirm`: the recovery codes, shown once. */
export const staffRecoveryCodesSchema = z.object({ codigosRecuperacao: z.array(z.string()) });

/** `GET /v2/admin/me`: who is calling (`membro` absent for the automation token), and what waits for them. */
export const staffMeSchema = z.object({
  papel: z.enum(PAPEIS),
  membro: membroSchema.optional(),
  /** Owners and orders members: the orders waiting for the team (paid, or a Pix to confirm). */
  pedidosAAgir: z.number().int().optional(),
  /** The same roles: inbox messages not yet answered. */
  mensagensAResponder: z.number().int().optional(),
  /** The same roles: withdrawals and account deletions still open (our extension). */
  solicitacoesAbertas: z.number().int().optional(),
  /**
   * The store sends e-mail (SMTP). False: every message only waits in the outbox, and no page may say a person
   * "foi avisado por e-mail".
   */
  enviaEmail: z.boolean(),
  /** Owners: messages that failed for good, listed in /painel/envios (our extension). */
  enviosComFalha: z.number().int().optional(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** `POST /v2/admin/staff` (owners): a new member; the answer carries the one-time link (also e-mailed). */
export const staffMemberCreateSchema = z.object({
  email: emailSchema,
  nome: z
    .string({ message: 'Informe o nome.' })
    .trim()
    .min(1, { message: 'Informe o nome.' })
    .max(120, { message: 'Use no máximo 120 caracteres.' }),
  papel,
});

/** `PUT /v2/admin/staff/{id}` (owners): change the role, switch off (`ativo: false`) or on. */
export const staffMemberUpdateSchema = z
  .object({ papel: papel.optional(), ativo: z.boolean().optional() })
  .refine((v) => v.papel !== undefined || v.ativo !== undefined, { message: 'Nada para mudar.' });

export const staffMemberIdSchema = wholeNumber('id', { min: 1 });

/** A new member, or a new link for one: the member and the link to set the password. */
export const staffLinkAnswerSchema = z.object({ membro: membroSchema, link: z.string() });
export const staffListSchema = z.object({ membros: z.array(membroSchema), total: z.number().int() });

/** `GET /v2/admin/staff` filters: part of the name or e-mail, the role, switched on or off. */
export const MEMBER_STATES = ['ativos', 'desligados'] as const;
export const staffListQuerySchema = z.object({
  q: listSearch(),
  papel: anyOf(PAPEIS, 'Papel inválido.'),
  situacao: anyOf(MEMBER_STATES, 'Situação inválida: use ativos ou desligados.'),
});
export type StaffListQuery = z.output<typeof staffListQuerySchema>;
export const staffMemberAnswerSchema = z.object({ membro: membroSchema });

/**
 * `POST /v2/admin/first-owner`: the store's first owner, made through the one-time address the server prints
 * at start while the team has no owner (`/painel/primeiro-dono?chave=…`).
 */
export const firstOwnerSchema = z.object({
  chave: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'Este endereço não é válido.' }),
  nome: staffMemberCreateSchema.shape.nome,
  email: emailSchema,
  senha: passwordSchema,
});
