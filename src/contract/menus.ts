import { z } from 'zod';
import { atividadeSchema } from './activity.ts';

/**
 * The store's menus as the team edits them (`/v2/admin/menus`, owners and the `conteudo` role; our extension,
 * `/painel/menus`): each menu's entries in order, each with its text and where it leads. An entry that has a
 * submenu (a department's categories in the main menu) keeps it when its text, link or place changes.
 */

type MenuInfo = { nome: string; ajuda: string; formatacao: boolean };

/** The menus the store shows, as the team knows them. */
export const EDITABLE_MENUS = {
  'pitchbar-topo-home': {
    nome: 'Barra promocional do topo',
    ajuda: 'As frases que passam no topo de todas as páginas (uma de cada vez no celular).',
    formatacao: true,
  },
  'menu-principal': {
    nome: 'Menu de departamentos',
    ajuda: 'Os departamentos do topo; cada um abre as categorias dele.',
    formatacao: false,
  },
  'main-menu-line': {
    nome: 'Menu em linha',
    ajuda: 'Os atalhos abaixo dos departamentos (Ofertas, Marcas…).',
    formatacao: false,
  },
  'main-menu-ambience': {
    nome: 'Menu de ambientes',
    ajuda: 'Os ambientes (banheiro, cozinha…) que levam às páginas de inspiração.',
    formatacao: false,
  },
  'footer-institucional': {
    nome: 'Rodapé: institucional',
    ajuda: 'A primeira coluna de links do rodapé.',
    formatacao: false,
  },
  'footer-ajuda': { nome: 'Rodapé: ajuda', ajuda: 'A coluna de ajuda do rodapé.', formatacao: false },
  'footer-categorias': {
    nome: 'Rodapé: departamentos',
    ajuda: 'A coluna de departamentos do rodapé.',
    formatacao: false,
  },
} as const satisfies Record<string, MenuInfo>;

export type MenuHash = keyof typeof EDITABLE_MENUS;
export const MENU_HASHES = Object.keys(EDITABLE_MENUS) as [MenuHash, ...MenuHash[]];
export const MENU_ITEMS_MAX = 30;

/** Where an entry leads: a path of the store, or an https address. */
export const MENU_LINK = /^(\/(?!\/)|https:\/\/)[^\s<>"']*$/;

export const menuEntrySchema = z.object({
  /** The entry's id when it already exists (its submenu, icon and route are kept); null: a new entry. */
  id: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  texto: z
    .string({ message: 'Escreva o texto do link.' })
    .trim()
    .min(1, { message: 'Escreva o texto do link.' })
    .max(120, { message: 'Use no máximo 120 caracteres.' }),
  link: z
    .string({ message: 'Informe para onde o link leva.' })
    .trim()
    .min(1, { message: 'Informe para onde o link leva, como /cozinha/ ou /institucional/quem-somos.' })
    .max(500, { message: 'Use no máximo 500 caracteres.' })
    .regex(MENU_LINK, {
      message: 'Use um endereço da loja começando com / (como /cozinha/) ou um endereço https://.',
    }),
  /** Opens in a new tab (for another site). */
  novaAba: z.boolean().default(false),
});
export type MenuEntry = z.input<typeof menuEntrySchema>;

/** `PUT /v2/admin/menus/{hash}`: the menu's entries, in order (those left out are removed). */
export const menuSaveSchema = z.object({
  itens: z
    .array(menuEntrySchema, { message: 'Envie a lista de links do menu.' })
    .max(MENU_ITEMS_MAX, { message: `Um menu tem no máximo ${String(MENU_ITEMS_MAX)} links.` }),
});
export type MenuSave = z.input<typeof menuSaveSchema>;

export const menuEntryAdminSchema = z.object({
  id: z.number().int(),
  texto: z.string(),
  link: z.string(),
  novaAba: z.boolean(),
  /** How many entries its submenu has (kept as it is). */
  submenu: z.number().int(),
});
export type MenuEntryAdmin = z.infer<typeof menuEntryAdminSchema>;

const menuSummary = {
  hash: z.enum(MENU_HASHES),
  nome: z.string(),
  ajuda: z.string(),
  /** Its texts may use bold and italics (<strong>, <em>). */
  formatacao: z.boolean(),
};

export const menuListSchema = z.object({
  menus: z.array(z.object({ ...menuSummary, links: z.number().int() })),
});
export type MenuList = z.infer<typeof menuListSchema>;

export const menuDetailSchema = z.object({
  menu: z.object({ ...menuSummary, itens: z.array(menuEntryAdminSchema) }),
  historico: z.array(atividadeSchema),
});
export type MenuDetail = z.infer<typeof menuDetailSchema>;
