import type { Banner, MenuItem } from '#/contract/store.ts';
import type { Settings } from '#/contract/settings.ts';
import type { Client } from './core.ts';
import { getBanners, getMenu, getSettings } from './store.ts';

/** Everything the page shell shows: the same for every visitor, so one copy serves all for a minute. */
export type LayoutData = {
  settings: Settings['configuracoes'];
  pitchbar: MenuItem[];
  mainMenu: MenuItem[];
  lineMenu: MenuItem[];
  ambienceMenu: MenuItem[];
  footer: { institucional: MenuItem[]; ajuda: MenuItem[]; categorias: MenuItem[] };
  /** The 211x335 banners of the desktop mega-menu. */
  menuBanners: Banner[];
};

const TTL_MS = 60_000;
const memo = new Map<string, { at: number; data: Promise<LayoutData> }>();

async function load(client: Client): Promise<LayoutData> {
  const [
    settings,
    pitchbar,
    mainMenu,
    lineMenu,
    ambienceMenu,
    institucional,
    ajuda,
    categorias,
    menuBanners,
  ] = await Promise.all([
    getSettings(client),
    getMenu(client, 'pitchbar-topo-home'),
    getMenu(client, 'menu-principal'),
    getMenu(client, 'main-menu-line'),
    getMenu(client, 'main-menu-ambience'),
    getMenu(client, 'footer-institucional'),
    getMenu(client, 'footer-ajuda'),
    getMenu(client, 'footer-categorias'),
    getBanners(client, 'destaque-submenu-1').catch(() => []),
  ]);
  return {
    settings,
    pitchbar,
    mainMenu,
    lineMenu,
    ambienceMenu,
    footer: { institucional, ajuda, categorias },
    menuBanners,
  };
}

/** Load the shell's data again at the next page (the store's settings or menus changed). */
export function forgetLayoutData(): void {
  memo.clear();
}

/** The shell's data for this origin, shared by all requests for TTL_MS (a failed load is retried next time). */
export function getLayoutData(client: Client, origin: string): Promise<LayoutData> {
  const hit = memo.get(origin);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.data;
  const data = load(client);
  memo.set(origin, { at: Date.now(), data });
  data.catch(() => memo.delete(origin));
  return data;
}
