import { z } from 'zod';
import { atividadeSchema } from './activity.ts';

/**
 * The home's showcases as the team arranges them (`/v2/admin/showcases`, owners and the `conteudo` role; our
 * extension, `/painel/vitrines`): which are on the home, in what order, and each one's title. A live showcase
 * picks its products at each read (the best sellers, the offers, the newest).
 */

export const SHOWCASE_RULES = {
  'mais-vendidos': 'Os mais vendidos, em estoque',
  ofertas: 'Os maiores descontos, em estoque',
  lancamentos: 'Os mais novos, em estoque',
} as const;

/** `PUT /v2/admin/showcases`: every showcase, in the order the home shows those that are on it. */
export const showcasesSaveSchema = z.object({
  vitrines: z
    .array(
      z.object({
        hash: z.string().trim().min(1).max(80),
        titulo: z
          .string({ message: 'Escreva o título da vitrine.' })
          .trim()
          .min(2, { message: 'Escreva o título da vitrine, como “Mais vendidos”.' })
          .max(60, { message: 'Use no máximo 60 caracteres.' }),
        naInicial: z.boolean(),
      }),
      { message: 'Envie a lista de vitrines.' },
    )
    .max(50, { message: 'Envie no máximo 50 vitrines.' }),
});
export type ShowcasesSave = z.input<typeof showcasesSaveSchema>;

export const showcaseAdminSchema = z.object({
  hash: z.string(),
  titulo: z.string(),
  /** What it shows: its rule, or the products the team chose. */
  mostra: z.string(),
  naInicial: z.boolean(),
});

export const showcasesAnswerSchema = z.object({
  /** Those on the home first, in their order; then the others. */
  vitrines: z.array(showcaseAdminSchema),
  historico: z.array(atividadeSchema),
});
export type ShowcasesAnswer = z.infer<typeof showcasesAnswerSchema>;
