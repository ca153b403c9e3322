import { z } from 'zod';
import { wholeNumber } from './common.ts';

/**
 * Brands and categories as the team keeps them (`/v2/admin/taxonomy`; our extension): created, renamed and
 * hidden in the panel. A category's address never changes with its name (links and search results keep
 * working); a hidden one, with everything under it, has no page, menu entry or listing.
 */

const name = (what: string) =>
  z
    .string({ error: `Informe o nome ${what === 'acabamento' ? 'do' : 'da'} ${what}.` })
    .trim()
    .min(2, { error: `Informe o nome ${what === 'acabamento' ? 'do' : 'da'} ${what} (2 letras ou mais).` })
    .max(60, { error: 'Use no máximo 60 caracteres.' });

export const brandCreateSchema = z.object({ nome: name('marca') });
export const brandUpdateSchema = z
  .object({
    nome: name('marca').optional(),
    oculta: z.boolean({ error: 'oculta: verdadeiro ou falso.' }).optional(),
  })
  .refine((v) => v.nome !== undefined || v.oculta !== undefined, { error: 'Nada a mudar.' });
export const categoryCreateSchema = z.object({
  nome: name('categoria'),
  /** Under which category (absent or empty: a top-level one). */
  pai: wholeNumber('pai', { min: 1 }).optional(),
});
export const categoryUpdateSchema = z
  .object({
    nome: name('categoria').optional(),
    oculta: z.boolean({ error: 'oculta: verdadeiro ou falso.' }).optional(),
  })
  .refine((v) => v.nome !== undefined || v.oculta !== undefined, { error: 'Nada a mudar.' });

const colour = z
  .string({ error: 'Informe a cor como #RRGGBB.' })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { error: 'Informe a cor como #RRGGBB (ex.: #c8ced6).' });

export const finishCreateSchema = z.object({ nome: name('acabamento'), cor: colour });
export const finishUpdateSchema = z
  .object({
    nome: name('acabamento').optional(),
    cor: colour.optional(),
    oculto: z.boolean({ error: 'oculto: verdadeiro ou falso.' }).optional(),
  })
  .refine((v) => v.nome !== undefined || v.cor !== undefined || v.oculto !== undefined, {
    error: 'Nada a mudar.',
  });

export const taxonomySchema = z.object({
  /** The finishes in the store's order; `variacoes`: how many product finishes use each. */
  acabamentos: z.array(
    z.object({
      slug: z.string(),
      nome: z.string(),
      cor: z.string(),
      oculto: z.boolean(),
      variacoes: z.number().int(),
    }),
  ),
  marcas: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      slug: z.string(),
      oculta: z.boolean(),
      produtos: z.number().int(),
    }),
  ),
  /** In tree order: each category after its parent. */
  categorias: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      /** With its parents: "Banheiro › Cubas e lavatórios". */
      nomeCompleto: z.string(),
      caminho: z.string(),
      pai: z.number().int().nullable(),
      nivel: z.number().int(),
      oculta: z.boolean(),
      /** Hidden because a category above it is. */
      ocultaPorCima: z.boolean(),
      produtos: z.number().int(),
      temFilhas: z.boolean(),
    }),
  ),
});
export type Taxonomia = z.infer<typeof taxonomySchema>;
