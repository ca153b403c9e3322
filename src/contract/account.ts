import { z } from 'zod';
import { STATE_REGISTRATION_MESSAGE, stateRegistrationOf } from './invoices.ts';
import { addressSchema } from './address.ts';
import { cepSchema, digits, documentKey, validCnpj, validCpf } from './documents.ts';
import { HONEYPOT_FIELD } from './forms.ts';

/** Sign-up, login and password recovery (spec section 1; OWASP password rules: length only). */

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap (in bytes, before hashing) only stops abuse. */
export const PASSWORD_MAX_BYTES = 256;
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

const text = (label: string, max: number) =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .min(1, { message: `Informe ${label}.` })
    .max(max, { message: `Use no máximo ${String(max)} caracteres.` });

export const passwordSchema = z
  .string({ message: 'Crie uma senha.' })
  .refine((s) => Array.from(s).length >= PASSWORD_MIN, {
    message: `A senha precisa de pelo menos ${String(PASSWORD_MIN)} caracteres. Uma frase longa é uma ótima senha.`,
  })
  .refine((s) => new TextEncoder().encode(s).length <= PASSWORD_MAX_BYTES, {
    message: 'Esta senha é longa demais (no máximo 256 bytes).',
  });

export const emailSchema = z
  .string({ message: 'Informe seu e-mail.' })
  .trim()
  .toLowerCase()
  .min(1, { message: 'Informe seu e-mail.' })
  .max(254, { message: 'Este e-mail é longo demais.' })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { message: 'Informe um e-mail válido, como nome@exemplo.com.br.' });

/** dd/mm/aaaa or aaaa-mm-dd → aaaa-mm-dd, a real date, at least 16 years ago and not before 1900; '' stays ''. */
const birthDate = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return '';
    const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    const iso = br ? `${br[3] ?? ''}-${br[2] ?? ''}-${br[1] ?? ''}` : value;
    const date = new Date(`${iso}T12:00:00Z`);
    const ok =
      /^\d{4}-\d{2}-\d{2}$/.test(iso) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: 'Informe a data de nascimento como dd/mm/aaaa.' });
      return z.NEVER;
    }
    const age = (Date.now() - date.getTime()) / (365.25 * 24 * 3600 * 1000);
    if (age < 16 || date.getUTCFullYear() < 1900) {
      ctx.addIssue({
        code: 'custom',
        message: 'Confira a data de nascimento (é preciso ter 16 anos ou mais).',
      });
      return z.NEVER;
    }
    return iso;
  });

const cellphone = z
  .string({ message: 'Informe seu celular com DDD.' })
  .transform(digits)
  .refine((d) => /^[1-9]{2}9\d{8}$/.test(d), {
    message: 'Informe um celular com DDD, como (11) 91234-5678.',
  });

/** The address fields, shared by sign-up and the profile. */
export const addressShape = {
  cep: cepSchema(),
  logradouro: text('a rua ou avenida', 120),
  numero: text('o número (ou "s/n")', 10),
  complemento: z.string().trim().max(60, { message: 'Use no máximo 60 caracteres.' }).default(''),
  bairro: text('o bairro', 60),
  cidade: text('a cidade', 60),
  uf: z.enum(UFS, { message: 'Escolha o estado (UF).' }),
};

/** A CPF (11 numbers) or a CNPJ (14 characters, letters allowed), as a key: upper case, no punctuation. */
export const documentoSchema = z
  .string({ message: 'Informe o CPF ou o CNPJ.' })
  // Upper case, letters and digits only: a new CNPJ may carry letters (documents.ts).
  .transform(documentKey)
  .superRefine((d, ctx) => {
    if (d.length === 11 && !validCpf(d))
      ctx.addIssue({ code: 'custom', message: 'CPF inválido: confira os 11 números.' });
    else if (d.length === 14 && !validCnpj(d))
      ctx.addIssue({
        code: 'custom',
        message: 'CNPJ inválido: confira os 14 caracteres (os 2 últimos são números).',
      });
    else if (d.length !== 11 && d.length !== 14)
      ctx.addIssue({
        code: 'custom',
        message: 'Informe o CPF (11 números) ou o CNPJ (14 caracteres, que podem ter letras).',
      });
  });

/** A challenge and the 6-number code e-mailed with it; `again` says how to get a new one. */
const codeConfirmation = (again: string) =>
  z.object({
    desafio: z.string().trim().min(1, { message: again }).max(200),
    codigo: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'Digite os 6 números do código que enviamos por e-mail.' }),
  });

/** A company's state registration (the NF-e's indIEDest): digits, ISENTO, or empty; ignored for people. */
const stateRegistration = z
  .string({ error: STATE_REGISTRATION_MESSAGE })
  .max(40, STATE_REGISTRATION_MESSAGE)
  .default('')
  .refine((v) => stateRegistrationOf(v) !== undefined, { message: STATE_REGISTRATION_MESSAGE })
  .transform((v) => stateRegistrationOf(v) ?? '');

/** `POST checkout/register/confirm`: the sign-up's challenge and the code its e-mail carried. */
export const signupConfirmSchema = codeConfirmation('Faça o cadastro de novo para receber um código.');

export const signupSchema = z
  .object({
    pessoa: z.enum(['F', 'J'], { message: 'Escolha pessoa física ou jurídica.' }),
    nomeRazao: text('seu nome completo (ou a razão social)', 120),
    email: emailSchema,
    celular: cellphone,
    documento: documentoSchema,
    sexo: z.enum(['m', 'f', 'o', 'i', '']).default(''),
    /** A company's state registration (the NF-e's indIEDest): digits, ISENTO, or empty; ignored for people. */
    inscricaoEstadual: stateRegistration,
    /** Optional (a store needs none to sell a tap); when given, a real date of someone 16 or older. Empty for companies. */
    nascimento: birthDate.default(''),
    ...addressShape,
    senha: passwordSchema,
    optin: z.boolean().default(false),
    [HONEYPOT_FIELD]: z.string().max(500).default(''),
  })
  .superRefine(
    (data, ctx) => {
      // Runs even when other fields failed (`when`), so every missing field is named at once; a field
      // that already has its own message is not given a second one.
      const flagged = (field: string) => ctx.issues.some((issue) => issue.path?.[0] === field);
      const documento = typeof data.documento === 'string' ? data.documento : '';
      if (!flagged('documento') && data.pessoa === 'F' && documento.length !== 11)
        ctx.addIssue({
          code: 'custom',
          path: ['documento'],
          message: 'Para pessoa física, informe o CPF (11 números).',
        });
      if (!flagged('documento') && data.pessoa === 'J' && documento.length !== 14)
        ctx.addIssue({
          code: 'custom',
          path: ['documento'],
          message: 'Para pessoa jurídica, informe o CNPJ (14 caracteres).',
        });
    },
    { when: () => true },
  )
  .transform((data) => ({
    ...data,
    nascimento: data.pessoa === 'F' ? data.nascimento : '',
    inscricaoEstadual: data.pessoa === 'J' ? data.inscricaoEstadual : '',
  }));
export type SignupRequest = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  usuario: z
    .string({ message: 'Informe seu e-mail ou CPF.' })
    .trim()
    .min(1, { message: 'Informe seu e-mail ou CPF.' })
    .max(254),
  senha: z.string({ message: 'Informe sua senha.' }).min(1, { message: 'Informe sua senha.' }).max(1024),
  revendedor: z.boolean().default(false),
  /** The token this device got at its last login here: while the store is under attack, it skips the code. */
  dispositivo: z.string().max(200).optional(),
});

/** `POST checkout/login/confirm`: a held login's challenge and the code e-mailed to the account. */
export const loginConfirmSchema = codeConfirmation('Entre de novo para receber um código.');

export const recoverySchema = z.object({
  usuario: z
    .string({ message: 'Informe seu e-mail ou CPF.' })
    .trim()
    .min(1, { message: 'Informe seu e-mail ou CPF.' })
    .max(254),
});

export const resetSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'Este link de nova senha não é válido.' }),
  senha: passwordSchema,
});

/** Profile changes from /minha-conta/. */
export const profileSchema = z.object({
  nomeRazao: text('seu nome completo (ou a razão social)', 120),
  celular: cellphone,
  /** A company's state registration, changed here too (a person's account ignores it). */
  inscricaoEstadual: stateRegistration,
  ...addressShape,
  optin: z.boolean().default(false),
});

export const LOGIN_FAILED = 'E-mail, CPF ou senha incorretos.';
export const RECOVERY_SENT =
  'Se houver uma conta com esses dados, enviamos um link para criar uma nova senha. Confira seu e-mail.';

/**
 * The customer's delivery addresses (`checkout/addresses`, our extension): the account's own address
 * (id 0, edited on the account page) first, then the ones added at the checkout, oldest first.
 */
export const ACCOUNT_ADDRESS = 0;
export const MAX_ADDRESSES = 10;

export const enderecoSchema = addressSchema.extend({
  id: z.number().int(),
  /** Who receives it; the account's name when empty. */
  destinatario: z.string(),
});
export type Endereco = z.infer<typeof enderecoSchema>;
export const enderecosAnswerSchema = z.object({ enderecos: z.array(enderecoSchema) });
export const enderecoAnswerSchema = z.object({
  sucesso: z.literal(true),
  mensagem: z.string(),
  endereco: enderecoSchema,
});

/** `POST checkout/addresses`: a new delivery address. */
export const newAddressSchema = z.object({
  destinatario: z.string().trim().max(120, { message: 'Use no máximo 120 caracteres.' }).default(''),
  ...addressShape,
});
