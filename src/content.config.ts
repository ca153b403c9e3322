import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Marketing pages: one Markdown file per page in src/content/paginas (the file name is the address:
 * `black-friday.md` → /pagina/black-friday). docs/storefront.md, "Publishing a marketing page", says how.
 */
const paginas = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/paginas' }),
  schema: z.object({
    /** Page title (the <h1> and the SEO title). */
    title: z.string().min(1),
    /** SEO description: one or two sentences. */
    description: z.string().min(1),
    keywords: z.string().optional(),
    /** false keeps the page out of search engines (drafts, thank-you pages). */
    indexar: z.boolean().default(true),
    /** The banner at the top: a headline, a line under it, an optional button and colours. */
    hero: z
      .object({
        titulo: z.string(),
        subtitulo: z.string().optional(),
        botao: z.object({ texto: z.string(), link: z.string() }).optional(),
        fundo: z.string().default('#0b4f8a'),
        texto: z.string().default('#ffffff'),
      })
      .optional(),
    /** End of the offer (ISO 8601, with the time zone): shows a countdown until then. */
    fimContagem: z.coerce.date().optional(),
    /** Coupons shown with a copy button. */
    cupons: z
      .array(
        z.object({
          codigo: z.string().regex(/^[A-Z0-9-]{3,30}$/),
          descricao: z.string(),
          regras: z.string().optional(),
        }),
      )
      .default([]),
  }),
});

export const collections = { paginas };
