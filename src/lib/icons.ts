/**
 * SVG bodies of the store's icons (24x24, stroked): shared by Icon.astro and the islands' Icon. One export
 * each, so an island's code carries only the drawings it uses (`import * as icons`, then `icons.close`).
 */
export const search = '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>';
export const heart = '<path d="M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9z"/>';
export const user = '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>';
export const cart =
  '<path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"/><circle cx="10" cy="20" r="1.4"/><circle cx="17" cy="20" r="1.4"/>';
export const menu = '<path d="M4 6h16M4 12h16M4 18h16"/>';
export const close = '<path d="M6 6l12 12M18 6 6 18"/>';
export const whatsapp =
  '<path d="M4 20l1.3-3.8A8 8 0 1 1 8 19z"/><path d="M9 9.5c.5 2 2 3.6 4 4.3l1.2-1.1 2 .9c-.3 1.2-1.3 1.9-2.5 1.7A7 7 0 0 1 8.2 10c-.2-1.2.5-2.2 1.7-2.5l.9 2z"/>';
export const phone =
  '<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"/>';
export const mail = '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>';
export const clock = '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>';
export const chevron = '<path d="m9 6 6 6-6 6"/>';
export const star = '<path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z"/>';
export const plus = '<path d="M12 5v14M5 12h14"/>';
export const minus = '<path d="M5 12h14"/>';
export const trash = '<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"/>';
export const mic = '<rect x="9" y="3" width="6" height="11" rx="3"/><path d="M5 11a7 7 0 0 0 14 0M12 18v3"/>';
export const back = '<path d="m15 6-6 6 6 6"/>';

/** Every icon by name, for the server's components (Icon.astro, IconSprite.astro). */
export const ICONS = {
  search,
  heart,
  user,
  cart,
  menu,
  close,
  whatsapp,
  phone,
  mail,
  clock,
  chevron,
  star,
  plus,
  minus,
  trash,
  mic,
  back,
} as const;
export type IconName = keyof typeof ICONS;
