import { useEffect, useState } from 'react';
import type { FilterGroup, FilterLink } from '#/lib/filter-groups.ts';
import { useDialog } from '#/islands/shared/dialog.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';

/** After 'Ordenar' opens the drawer, its accordion opens this much later (spec section 9). */
export const ORDER_TOGGLE_DELAY_MS = 500;

type Controls = { groups: FilterGroup[]; orders: FilterLink[]; clearUrl?: string | undefined; total: string };

const linksOf = (root: ParentNode, selector: string): FilterLink[] =>
  [...root.querySelectorAll<HTMLAnchorElement>(selector)].map((a) => ({
    label: a.firstChild?.textContent?.trim() ?? '',
    href: a.getAttribute('href') ?? '',
    current: a.hasAttribute('aria-current'),
    follow: a.rel !== 'nofollow',
    ...(a.querySelector('span')
      ? { count: Number(a.querySelector('span')?.textContent.replace(/\D/g, '')) }
      : {}),
  }));

/** The listing's own links (the page's filters, ordering and count), so the drawer repeats nothing. */
function readControls(): Controls {
  return {
    groups: [...document.querySelectorAll('.filters section')].map((section) => ({
      title: section.querySelector('h2')?.textContent.trim() ?? '',
      links: linksOf(section, 'a'),
    })),
    orders: linksOf(document, '.order a'),
    clearUrl: document.querySelector('.filters__clear')?.getAttribute('href') ?? undefined,
    total: document.querySelector('.toolbar__count')?.textContent.trim() ?? '',
  };
}

/** The accordions the shopper left open, kept while the page lives for the next opening. */
let remembered: ReadonlySet<string> | undefined;

function Section({ title, links, open, onToggle }: FilterGroup & { open: boolean; onToggle: () => void }) {
  const id = `lc-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="lc__group">
      <h3>
        <button type="button" aria-expanded={open} aria-controls={id} onClick={onToggle}>
          {title} <Icon drawing={icons.chevron} size={18} />
        </button>
      </h3>
      <ul id={id} hidden={!open}>
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} rel={l.follow ? undefined : 'nofollow'} aria-current={l.current || undefined}>
              {l.label}
              {l.count !== undefined && <span> ({l.count})</span>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Props = {
  /** The button that opened the drawer: 'ordenar' also opens the ordering ORDER_TOGGLE_DELAY_MS later. */
  opener: { panel: string };
  onClose: () => void;
};

/**
 * The phone drawer 'Filtrar e ordenar': the ordering and every filter as accordions, the listing's own
 * links read from the page. The first time, the groups holding a chosen filter are open.
 */
export default function ListingDrawer({ opener, onClose }: Props) {
  const [{ groups, orders, clearUrl, total }] = useState(readControls);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => remembered ?? new Set(groups.filter((g) => g.links.some((l) => l.current)).map((g) => g.title)),
  );
  useEffect(() => {
    remembered = expanded;
  }, [expanded]);
  const onToggle = (title: string) => {
    setExpanded((now) => {
      const next = new Set(now);
      if (next.has(title)) next.delete(title);
      else next.add(title);
      return next;
    });
  };
  useEffect(() => {
    if (opener.panel !== 'ordenar') return undefined;
    const timer = setTimeout(() => {
      setExpanded((now) => new Set([...now, 'Ordenar']));
    }, ORDER_TOGGLE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [opener]);
  const panel = useDialog(true, onClose);
  return (
    <>
      <button
        type="button"
        className="backdrop"
        tabIndex={-1}
        aria-label="Fechar filtros"
        onClick={onClose}
      />
      <div
        ref={panel}
        className="drawer drawer--right lc"
        role="dialog"
        aria-modal="true"
        aria-labelledby="lc-title"
      >
        <header className="lc__head">
          <h2 id="lc-title">Filtrar e ordenar</h2>
          <button type="button" className="icon-btn" aria-label="Fechar filtros" onClick={onClose}>
            <Icon drawing={icons.close} />
          </button>
        </header>
        <div className="lc__body">
          <Section
            title="Ordenar"
            links={orders}
            open={expanded.has('Ordenar')}
            onToggle={() => {
              onToggle('Ordenar');
            }}
          />
          {groups.map((g) => (
            <Section
              key={g.title}
              {...g}
              open={expanded.has(g.title)}
              onToggle={() => {
                onToggle(g.title);
              }}
            />
          ))}
        </div>
        <footer className="lc__foot">
          {clearUrl && (
            <a className="btn btn--ghost" href={clearUrl} rel="nofollow">
              Limpar filtros
            </a>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Ver {total}
          </button>
        </footer>
      </div>
    </>
  );
}
