import type { MenuNode } from '#/lib/menu-tree.ts';

const child = (parent: Element, selector: string) => parent.querySelector(`:scope > ${selector}`);

/**
 * The catalogue tree from the page's own phone menu (components/layout/PhoneMenu.astro): an entry is a
 * link, or a <details> whose summary is its label, whose list holds its entries and ends with its own
 * link ('Ver tudo', `.mnav__all`).
 */
export function readMenuTree(list: Element): MenuNode[] {
  return [...list.children].flatMap((item): MenuNode[] => {
    const details = child(item, 'details');
    if (!details) {
      const link = child(item, 'a:not(.mnav__all)');
      return link ? [{ label: link.textContent.trim(), href: link.getAttribute('href') ?? '', sub: [] }] : [];
    }
    const entries = child(details, 'ul');
    return [
      {
        label: child(details, 'summary')?.textContent.trim() ?? '',
        href: (entries && child(entries, 'li > a.mnav__all')?.getAttribute('href')) ?? '',
        sub: entries ? readMenuTree(entries) : [],
      },
    ];
  });
}
