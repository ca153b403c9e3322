import type { Detalhes } from '#/contract/page.ts';
import { formatBRL } from './money.ts';

/**
 * A listing's filters as groups of links, each link toggling one value (filtered pages are
 * `noindex,follow`, so the links are `nofollow`). Filters.astro renders them; the phone drawer island
 * reads them back from the page.
 */
export type FilterLink = { label: string; href: string; current: boolean; count?: number; follow?: boolean };
export type FilterGroup = { title: string; links: FilterLink[] };

const priceLabel = (de: number, ate: number) =>
  de === 0
    ? `Até ${formatBRL(ate)}`
    : ate >= 100000
      ? `Acima de ${formatBRL(de)}`
      : `${formatBRL(de)} a ${formatBRL(ate)}`;

export function filterGroups(detalhes: Detalhes): FilterGroup[] {
  const groups: FilterGroup[] = [
    {
      title: 'Categorias',
      links: detalhes.categorias.filhas.map((c) => ({
        label: c.nome,
        href: c.rota.path ?? c.url,
        current: false,
        follow: true,
      })),
    },
    {
      title: 'Marca',
      links: detalhes.marcas.map((m) => ({
        label: m.nome,
        href: m.url,
        current: m.ativo,
        count: m.quantidade,
      })),
    },
    ...detalhes.filtros.map((f) => ({
      title: f.nome,
      links: f.valores.map((v) => ({ label: v.label, href: v.url, current: v.ativo, count: v.quantidade })),
    })),
    {
      title: 'Preço',
      links: detalhes.filtrosPreco.map((r) => ({
        label: priceLabel(r.de, r.ate),
        href: r.url,
        current: r.ativo,
      })),
    },
    {
      title: 'Desconto',
      links: Object.entries(detalhes.filtrosDescontoPrecoPor).map(([pct, r]) => ({
        label: `${pct}% ou mais`,
        href: r.url,
        current: r.ativo,
      })),
    },
  ];
  return groups.filter((g) => g.links.length > 0);
}
