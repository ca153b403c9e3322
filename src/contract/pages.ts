import { z } from 'zod';
import { atividadeSchema } from './activity.ts';

/**
 * The institutional pages as the team edits them (`/v2/admin/pages`, owners and the `conteudo` role; our
 * extension, `/painel/paginas`): Quem somos, Trocas e devoluções, Privacidade... Each has a published
 * version (what `/institucional/{slug}` shows) and may have a draft saved without publishing. The text is
 * rich text (contract/rich-text.ts): the platform keeps only what it allows. Words such as `{desconto-pix}`
 * are filled from the settings wherever the page is shown.
 */

export const PAGE_TEXT_MAX = 60_000;
export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const titulo = z
  .string({ message: 'Informe o título da página.' })
  .trim()
  .min(2, { message: 'Informe o título da página.' })
  .max(80, { message: 'Use no máximo 80 caracteres.' });

/** What the editor sends, whether it is saved as a draft or published. */
export const pageTextSchema = z.object({
  titulo,
  conteudo: z
    .string({ message: 'Escreva o texto da página.' })
    .trim()
    .min(1, { message: 'Escreva o texto da página.' })
    .max(PAGE_TEXT_MAX, {
      message: `O texto passou de ${PAGE_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`,
    }),
  seoTitulo: z.string().trim().max(70, { message: 'Use no máximo 70 caracteres.' }).default(''),
  seoDescricao: z.string().trim().max(160, { message: 'Use no máximo 160 caracteres.' }).default(''),
});
export type PageText = z.input<typeof pageTextSchema>;

/** `PUT /v2/admin/pages/{id}`: save as a draft (the store keeps showing what is published) or publish. */
export const pageSaveSchema = pageTextSchema.extend({
  acao: z.enum(['rascunho', 'publicar'], { message: 'Escolha: salvar rascunho ou publicar.' }),
});
export type PageSave = z.input<typeof pageSaveSchema>;

/** `POST /v2/admin/pages`: a new page, at `/institucional/{slug}`, published at once or kept as a draft. */
export const pageCreateSchema = pageSaveSchema.extend({
  slug: z
    .string({ message: 'Informe o endereço da página.' })
    .trim()
    .toLowerCase()
    .min(2, { message: 'Informe o endereço da página, por exemplo "garantia".' })
    .max(60, { message: 'Use no máximo 60 caracteres.' })
    .regex(PAGE_SLUG, {
      message: 'Use só letras minúsculas sem acento, números e hífens, como "garantia-estendida".',
    }),
});
export type PageCreate = z.input<typeof pageCreateSchema>;

/** `POST /v2/admin/pages/{id}/state`: take the page off the store, or throw its draft away. */
export const pageStateSchema = z.object({
  acao: z.enum(['tirar-do-ar', 'descartar-rascunho'], {
    message: 'Escolha: tirar do ar ou descartar o rascunho.',
  }),
});

/** `POST /v2/admin/pages/preview`: the text as the store would show it (cleaned, words filled). */
export const pagePreviewInputSchema = z.object({ conteudo: z.string().max(PAGE_TEXT_MAX) });
export const pagePreviewSchema = z.object({ conteudo: z.string() });

const textFields = {
  titulo: z.string(),
  conteudo: z.string(),
  seoTitulo: z.string(),
  seoDescricao: z.string(),
};

export const pageSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  titulo: z.string(),
  /** The store's address of the page. */
  endereco: z.string(),
  publicada: z.boolean(),
  /** A draft waits to be published. */
  temRascunho: z.boolean(),
  /** ISO 8601; null: not changed since the store was made. */
  atualizadaEm: z.string().nullable(),
});
export const pageListSchema = z.object({ paginas: z.array(pageSummarySchema) });

export const pageDetailSchema = z.object({
  pagina: pageSummarySchema.extend(textFields),
  rascunho: z.object(textFields).nullable(),
  /** Who changed it and when, newest first (the activity trail's entries for this page). */
  historico: z.array(atividadeSchema),
  /** The words a text may use, filled from the settings (`{desconto-pix}`: "o desconto do Pix, como 10%"). */
  palavras: z.array(z.object({ palavra: z.string(), ajuda: z.string() })),
});

export type PageSummary = z.infer<typeof pageSummarySchema>;
export type PageList = z.infer<typeof pageListSchema>;
export type PageDetail = z.infer<typeof pageDetailSchema>;
