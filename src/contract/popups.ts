import { z } from 'zod';
import { atividadeSchema } from './activity.ts';

/**
 * The store's popups as the team edits them (`/v2/admin/popups`, owners and the `conteudo` role; our
 * extension, `/painel/avisos`): where each shows, what it says, after how many seconds, on or off. A shopper
 * sees each at most once (the popup island remembers it).
 */

export const POPUP_PLACES = { home: 'Página inicial', detail: 'Página de produto' } as const;
export type PopupPlace = keyof typeof POPUP_PLACES;
export const POPUP_PLACE_KEYS = Object.keys(POPUP_PLACES) as [PopupPlace, ...PopupPlace[]];

export const POPUP_KINDS = {
  html: 'Aviso (texto e um botão com link)',
  newsletter: 'Cadastro na newsletter',
} as const;
export type PopupKind = keyof typeof POPUP_KINDS;
export const POPUP_KIND_KEYS = Object.keys(POPUP_KINDS) as [PopupKind, ...PopupKind[]];

export const POPUP_TEXT_MAX = 1000;

/** `POST /v2/admin/popups` and `PUT /v2/admin/popups/{id}`: the whole popup. */
export const popupSaveSchema = z.object({
  nome: z
    .string({ message: 'Dê um nome ao aviso (só a equipe vê).' })
    .trim()
    .min(2, { message: 'Dê um nome ao aviso (só a equipe vê).' })
    .max(60, { message: 'Use no máximo 60 caracteres.' }),
  nivel: z.enum(POPUP_PLACE_KEYS, { message: 'Escolha onde o aviso aparece.' }),
  tipo: z.enum(POPUP_KIND_KEYS, { message: 'Escolha o tipo do aviso.' }),
  conteudo: z
    .string({ message: 'Escreva o texto do aviso.' })
    .trim()
    .min(1, { message: 'Escreva o texto do aviso.' })
    .max(POPUP_TEXT_MAX, { message: `Use no máximo ${String(POPUP_TEXT_MAX)} caracteres.` }),
  link: z
    .string()
    .trim()
    .max(500, { message: 'Use no máximo 500 caracteres.' })
    .regex(/^$|^(\/(?!\/)|https:\/\/)[^\s<>"']*$/, {
      message: 'Use um endereço da loja começando com / (como /pagina/cupons) ou um endereço https://.',
    })
    .default(''),
  tempo: z
    .number({ message: 'Informe em segundos, de 0 a 120.' })
    .int({ message: 'Informe segundos inteiros, de 0 a 120.' })
    .min(0, { message: 'Informe em segundos, de 0 a 120.' })
    .max(120, { message: 'Informe em segundos, de 0 a 120.' }),
  ativo: z.boolean().default(true),
});
export type PopupSave = z.input<typeof popupSaveSchema>;

export const popupAdminSchema = popupSaveSchema.extend({ id: z.number().int(), link: z.string() });
export type PopupAdmin = z.infer<typeof popupAdminSchema>;

export const popupListSchema = z.object({
  popups: z.array(popupAdminSchema),
  historico: z.array(atividadeSchema),
});
export type PopupList = z.infer<typeof popupListSchema>;
