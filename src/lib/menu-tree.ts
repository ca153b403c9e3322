import type { MenuItem } from '#/contract/store.ts';

/** A menu entry as the mobile drawer needs it: three levels of labels and links, nothing more. */
export type MenuNode = { label: string; href: string; sub: MenuNode[] };

export const menuHref = (item: MenuItem): string => item.rota.path ?? item.link;

/** Levels 1 to 3 of a menu, without highlighted entries or a child that repeats its parent's link. */
export function menuTree(items: readonly MenuItem[], depth = 3): MenuNode[] {
  return items
    .filter((item) => !item.destaque)
    .map((item) => ({
      label: item.label,
      href: menuHref(item),
      sub:
        depth > 1
          ? menuTree(
              item.sub.filter((s) => menuHref(s) !== menuHref(item)),
              depth - 1,
            )
          : [],
    }));
}
