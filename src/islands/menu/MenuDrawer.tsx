import { useStore } from '#/islands/shared/use-store.ts';
import { useState } from 'react';
import type { MenuNode } from '#/lib/menu-tree.ts';
import { $menuPath, closeMenu, drillDown, drillUp } from '#/stores/menu.ts';
import { $user, firstName } from '#/stores/user.ts';
import { useDialog } from '#/islands/shared/dialog.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';
import { readMenuTree } from './read-menu.ts';

/**
 * The open phone menu drawer: greeting, account shortcuts, the architect link and the catalogue
 * drilled down level by level (each level with 'Ver tudo'), as the page's own phone menu lists it.
 */
export default function MenuDrawer({ storeName, logo }: { storeName: string; logo: string }) {
  // The tree the page's own phone menu holds (PhoneMenu.astro), read once.
  const [menu] = useState(() => {
    const list = document.querySelector('[data-menu-tree]');
    return list ? readMenuTree(list) : [];
  });
  const path = useStore($menuPath);
  const user = useStore($user);
  const panel = useDialog(true, closeMenu);
  // The entries of the current level, and the chain of parents that led there.
  const parents: MenuNode[] = [];
  let entries = menu;
  for (const index of path) {
    const parent = entries[index];
    if (!parent) break;
    parents.push(parent);
    entries = parent.sub;
  }
  const parent = parents.at(-1);
  const name = firstName(user);
  return (
    <>
      <button type="button" className="backdrop" tabIndex={-1} aria-label="Fechar menu" onClick={closeMenu} />
      <div ref={panel} className="drawer drawer--left mm" role="dialog" aria-modal="true" aria-label="Menu">
        <div className="mm__head">
          {logo ? <img src={logo} alt={storeName} height="32" /> : <b>{storeName}</b>}
          <button type="button" className="icon-btn" aria-label="Fechar menu" onClick={closeMenu}>
            <Icon drawing={icons.close} />
          </button>
        </div>
        <p className="mm__hello">{name ? `Olá, ${name}` : 'Olá, visitante!'}</p>
        <div className="mm__access">
          <span>Acesse</span>
          <a className="btn btn--ghost" href={user?.logado ? '/minha-conta/' : '/checkout/acesso'}>
            <Icon drawing={icons.user} size={18} /> Minha conta
          </a>
          <a className="btn btn--ghost" href="/minha-conta/lista-desejo">
            <Icon drawing={icons.heart} size={18} /> Favoritos
          </a>
        </div>
        <nav className="mm__nav" aria-label="Categorias">
          {parent && (
            <div className="mm__level">
              <button type="button" className="mm__back" onClick={drillUp}>
                <Icon drawing={icons.back} size={18} /> Voltar
              </button>
              <strong>{parent.label}</strong>
            </div>
          )}
          <ul>
            {parent && (
              <li>
                <a className="mm__all" href={parent.href}>
                  Ver tudo
                </a>
              </li>
            )}
            {entries.map((entry, i) => (
              <li key={entry.href + entry.label}>
                {entry.sub.length > 0 && path.length < 2 ? (
                  <button
                    type="button"
                    aria-label={`${entry.label}: ver subcategorias`}
                    onClick={() => {
                      drillDown(i);
                    }}
                  >
                    {entry.label} <Icon drawing={icons.chevron} size={18} />
                  </button>
                ) : (
                  <a href={entry.href}>{entry.label}</a>
                )}
              </li>
            ))}
          </ul>
          <a className="mm__architect" href="/pagina/sou-arquiteto">
            Sou arquiteto(a)
          </a>
        </nav>
      </div>
    </>
  );
}
