import { Window } from 'happy-dom';
import { expect, test } from 'vitest';
import { readMenuTree } from '#/islands/menu/read-menu.ts';

// The markup of components/layout/PhoneMenu.astro for two departments, one with a third level.
const markup = `<ul data-menu-tree>
  <li><details><summary>Cozinha</summary><ul>
    <li><details><summary>Torneiras</summary><ul>
      <li><a href="/cozinha/torneiras/de-mesa/">Torneiras de mesa</a></li>
      <li><a class="mnav__all" href="/cozinha/torneiras/">Ver tudo</a></li>
    </ul></details></li>
    <li><a href="/cozinha/cubas/">Cubas</a></li>
    <li><a class="mnav__all" href="/cozinha/">Ver tudo</a></li>
  </ul></details></li>
  <li><a href="/ofertas/">Ofertas</a></li>
</ul>`;

test("the drawer's tree is the page's phone menu: labels, links and levels, 'Ver tudo' as the parent's link", () => {
  const { document } = new Window();
  document.body.innerHTML = markup;
  const list = document.querySelector('[data-menu-tree]');
  if (!list) throw new Error('no list');
  expect(readMenuTree(list as unknown as Element)).toEqual([
    {
      label: 'Cozinha',
      href: '/cozinha/',
      sub: [
        {
          label: 'Torneiras',
          href: '/cozinha/torneiras/',
          sub: [{ label: 'Torneiras de mesa', href: '/cozinha/torneiras/de-mesa/', sub: [] }],
        },
        { label: 'Cubas', href: '/cozinha/cubas/', sub: [] },
      ],
    },
    { label: 'Ofertas', href: '/ofertas/', sub: [] },
  ]);
});
