import { z } from 'zod';
import { atividadeSchema } from './activity.ts';

/**
 * The store's opening hours and social networks as the team edits them (`/v2/admin/contact`, owners and the
 * `conteudo` role; our extension, `/painel/contato`): the footer, the service page, the static Pix's
 * confirmation hours, the maintenance page and the home's JSON-LD (`sameAs`) read them from the settings.
 */

/** The networks a store links to, each with the address its profile lives at. */
export const SOCIAL_NETWORKS = {
  instagram: {
    nome: 'Instagram',
    host: /(^|\.)instagram\.com$/,
    exemplo: 'https://www.instagram.com/sualoja',
  },
  facebook: { nome: 'Facebook', host: /(^|\.)facebook\.com$/, exemplo: 'https://www.facebook.com/sualoja' },
  youtube: {
    nome: 'YouTube',
    host: /(^|\.)(youtube\.com|youtu\.be)$/,
    exemplo: 'https://www.youtube.com/@sualoja',
  },
  tiktok: { nome: 'TikTok', host: /(^|\.)tiktok\.com$/, exemplo: 'https://www.tiktok.com/@sualoja' },
  pinterest: {
    nome: 'Pinterest',
    host: /(^|\.)pinterest\.com(\.br)?$/,
    exemplo: 'https://br.pinterest.com/sualoja',
  },
  linkedin: {
    nome: 'LinkedIn',
    host: /(^|\.)linkedin\.com$/,
    exemplo: 'https://www.linkedin.com/company/sualoja',
  },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_KEYS = Object.keys(SOCIAL_NETWORKS) as [SocialNetwork, ...SocialNetwork[]];
export const HOURS_MAX = 6;

/** A profile's address on its own network (https), or empty for a network the store is not on. */
const profile = (network: SocialNetwork) => {
  const { nome, host, exemplo } = SOCIAL_NETWORKS[network];
  const message = `Use o endereço do perfil da loja no ${nome}, como ${exemplo}, ou deixe em branco.`;
  return z
    .string({ message })
    .trim()
    .max(300, { message })
    .refine(
      (v) => {
        if (v === '') return true;
        const url = URL.parse(v);
        return url?.protocol === 'https:' && host.test(url.hostname) && url.pathname.length > 1;
      },
      { message },
    )
    .default('');
};

const line = (what: string, example: string) =>
  z
    .string({ message: `Informe ${what}, como “${example}”.` })
    .trim()
    .min(2, { message: `Informe ${what}, como “${example}”.` })
    .max(40, { message: 'Use no máximo 40 caracteres.' });

/** `PUT /v2/admin/contact`: the whole form (hours in order; a network left empty is not shown). */
export const contactSchema = z.object({
  horarios: z
    .array(z.object({ dias: line('os dias', 'Segunda a sexta'), horario: line('o horário', '9h às 18h') }), {
      message: 'Envie os horários de atendimento.',
    })
    .min(1, { message: 'Informe pelo menos um horário de atendimento.' })
    .max(HOURS_MAX, { message: `Informe no máximo ${String(HOURS_MAX)} linhas de horário.` }),
  redes: z.object(
    Object.fromEntries(SOCIAL_KEYS.map((k) => [k, profile(k)])) as Record<
      SocialNetwork,
      ReturnType<typeof profile>
    >,
  ),
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

export const contactAnswerSchema = z.object({
  horarios: z.array(z.object({ dias: z.string(), horario: z.string() })),
  redes: z.record(z.enum(SOCIAL_KEYS), z.string()),
  historico: z.array(atividadeSchema),
});
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;
