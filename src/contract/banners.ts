import { z } from 'zod';
import { atividadeSchema } from './activity.ts';

/**
 * The banners as the team edits them (`/v2/admin/banners`, owners and the `conteudo` role; our extension,
 * `/painel/banners`). A banner lives in one place of the store (the home's carousel, a category's top...),
 * has a desktop and a phone image cut to that place's size, a link, and may start and end at a set hour
 * (a banner with an end shows a countdown to it). The store shows each change on every instance within a
 * second (the banners table notifies), and within a minute where a page is cached.
 */

type Size = { largura: number; altura: number };
type Place = { nome: string; ajuda: string; desktop: Size; mobile: Size; categoria: boolean };

/** Where a banner can go, with the size its images are cut to. */
export const BANNER_PLACES = {
  'banner-principal': {
    nome: 'Carrossel da página inicial',
    ajuda: 'O destaque do topo da página inicial; o primeiro é a primeira coisa que o cliente vê.',
    desktop: { largura: 1920, altura: 520 },
    mobile: { largura: 720, altura: 720 },
    categoria: false,
  },
  'meio-home': {
    nome: 'Meio da página inicial',
    ajuda: 'Dois a dois, entre as vitrines da página inicial.',
    desktop: { largura: 940, altura: 300 },
    mobile: { largura: 720, altura: 360 },
    categoria: false,
  },
  'banner-listagem-categoria': {
    nome: 'Topo de uma categoria',
    ajuda: 'Acima dos produtos da categoria escolhida.',
    desktop: { largura: 1320, altura: 220 },
    mobile: { largura: 720, altura: 300 },
    categoria: true,
  },
  'destaque-submenu-1': {
    nome: 'Destaque no menu de um departamento',
    ajuda: 'Ao lado das subcategorias, quando o cliente abre o departamento no menu.',
    desktop: { largura: 211, altura: 335 },
    mobile: { largura: 211, altura: 335 },
    categoria: true,
  },
} as const satisfies Record<string, Place>;

export type BannerPlace = keyof typeof BANNER_PLACES;
export const BANNER_PLACE_KEYS = Object.keys(BANNER_PLACES) as [BannerPlace, ...BannerPlace[]];
export type BannerDevice = 'desktop' | 'mobile';

/** An image of a banner is sent as its own bytes, at most this big. */
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_IMAGE_TOO_LARGE = 'A imagem passou de 5 MB: reduza-a e envie de novo.';
/** `POST /v2/admin/banners/images?lugar=…&dispositivo=…`: where an image is sent. */
export const BANNER_UPLOAD_PATH = '/v2/admin/banners/images';
/** An image's id, as the upload answers it. */
export const BANNER_IMAGE_ID = /^[0-9a-f]{24}$/;

const instant = z.iso
  .datetime({ offset: true, message: 'Use data e hora ISO com o fuso, como 2026-11-27T23:59:00-03:00.' })
  .nullable();
const imageId = z.string().regex(BANNER_IMAGE_ID, { message: 'Envie a imagem de novo.' }).nullable();

/** The fields of a banner, with their Portuguese refusals. */
const bannerFields = z.object({
  titulo: z
    .string({ message: 'Escreva o texto do banner.' })
    .trim()
    .min(2, { message: 'Escreva o texto do banner: é o que o leitor de tela lê e o Google indexa.' })
    .max(120, { message: 'Use no máximo 120 caracteres.' }),
  link: z
    .string({ message: 'Informe para onde o banner leva.' })
    .trim()
    .min(1, { message: 'Informe para onde o banner leva, como /cozinha/ ou /c/ofertas.' })
    .max(500, { message: 'Use no máximo 500 caracteres.' })
    .regex(/^(\/(?!\/)|https:\/\/)[^\s<>"']*$/, {
      message: 'Use um endereço da loja começando com / (como /cozinha/) ou um endereço https://.',
    }),
  inicio: instant.default(null),
  fim: instant.default(null),
  ativo: z.boolean().default(true),
  /** The images sent for it (`POST …/images`); null: none (the drawn banner with the text). */
  imagemDesktop: imageId.default(null),
  imagemMobile: imageId.default(null),
});

const datesInOrder = (b: { inicio: string | null; fim: string | null }, ctx: z.RefinementCtx) => {
  if (b.inicio && b.fim && new Date(b.fim) <= new Date(b.inicio))
    ctx.addIssue({ code: 'custom', path: ['fim'], message: 'O fim vem depois do início.' });
};

/** `PUT /v2/admin/banners/{id}`: the whole banner as the form has it (its place does not change). */
export const bannerSaveSchema = bannerFields.superRefine(datesInOrder);
export type BannerSave = z.input<typeof bannerSaveSchema>;

/** `POST /v2/admin/banners`: a new banner in a place (and a category, where the place asks for one). */
export const bannerCreateSchema = bannerFields
  .extend({
    lugar: z.enum(BANNER_PLACE_KEYS, { message: 'Escolha onde o banner aparece.' }),
    categoria: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  })
  .superRefine(datesInOrder)
  .superRefine((b, ctx) => {
    if (BANNER_PLACES[b.lugar].categoria && b.categoria === null)
      ctx.addIssue({ code: 'custom', path: ['categoria'], message: 'Escolha a categoria do banner.' });
  });
export type BannerCreate = z.input<typeof bannerCreateSchema>;

/** `POST /v2/admin/banners/{id}/move`: one place earlier or later among the banners beside it. */
export const bannerMoveSchema = z.object({
  direcao: z.enum(['subir', 'descer'], { message: 'Escolha: subir ou descer.' }),
});

export const BANNER_STATES = ['no-ar', 'agendado', 'encerrado', 'desligado'] as const;

const imageSchema = z.object({
  /** Absolute address of the image the store serves. */
  imagem: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
  /** The team's own image (false: the drawing made from the text). */
  propria: z.boolean(),
});

export const bannerAdminSchema = z.object({
  id: z.number().int(),
  lugar: z.enum(BANNER_PLACE_KEYS),
  categoria: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  titulo: z.string(),
  link: z.string(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  ativo: z.boolean(),
  /** Its place in the order among the banners beside it (same place and category), from 1. */
  ordem: z.number().int(),
  /** Shown now, waiting for its start, past its end, or switched off. */
  situacao: z.enum(BANNER_STATES),
  desktop: imageSchema,
  mobile: imageSchema,
  atualizadoEm: z.string().nullable(),
});
export type BannerAdmin = z.infer<typeof bannerAdminSchema>;

export const bannerListSchema = z.object({
  banners: z.array(bannerAdminSchema),
  /** The categories a banner of a category's place can go to ("Cozinha › Torneiras"). */
  categorias: z.array(z.object({ id: z.number().int(), nome: z.string() })),
});
export type BannerList = z.infer<typeof bannerListSchema>;

export const bannerDetailSchema = z.object({
  banner: bannerAdminSchema,
  /** Who changed it and when, newest first. */
  historico: z.array(atividadeSchema),
});
export type BannerDetail = z.infer<typeof bannerDetailSchema>;

/** What an image sent answers: its id, to name in the banner's fields. */
export const bannerImageSentSchema = z.object({
  imagem: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
});
export type BannerImageSent = z.infer<typeof bannerImageSentSchema>;
