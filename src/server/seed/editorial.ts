// Seed data (never served): menus, banners, popups, pages and lists of a new store.
import type { MenuItem } from '#/contract/store.ts';
import { FINISHES } from '#/server/config/finishes.ts';
import type { ShowcaseRule } from '#/server/db/schema.ts';
import type { CategoryRow, ProductRow } from './generate.ts';

let menuIds = 0;
/** A menu entry pointing at a storefront path (icons are paths under /arquivos, made absolute when served). */
function item(label: string, path: string, extra: Partial<MenuItem> = {}): MenuItem {
  menuIds += 1;
  return {
    id: menuIds,
    label,
    link: path,
    target: '',
    idTipo: 1,
    destaque: false,
    icone: '',
    imagem: '',
    imagemOriginal: '',
    rota: path.startsWith('/') ? { name: 'page', path, params: {}, query: {} } : {},
    sub: [],
    ...extra,
  };
}

function categoryItem(category: CategoryRow, all: CategoryRow[], depth: number): MenuItem {
  const children = all.filter((c) => c.parentId === category.id);
  return item(category.name, category.path, {
    rota: { name: 'product/listing/category', path: category.path, params: {}, query: {} },
    sub: depth > 1 ? children.map((c) => categoryItem(c, all, depth - 1)) : [],
  });
}

export function buildMenus(categories: CategoryRow[]) {
  menuIds = 0;
  const top = categories.filter((c) => c.level === 1);
  const icon = (name: string) => ({ icone: `/arquivos/icones/${name}.svg` });
  const main = top.map((c) => {
    const entry = categoryItem(c, categories, 3);
    // Level-three columns: the finishes as highlighted entries with icons, plus "destaque" shortcuts.
    entry.sub.push(
      item('Por acabamento', c.path, {
        sub: FINISHES.slice(0, 4).map((f) =>
          item(f.label, `${c.path}?filtro=${f.slug}`, { ...icon(`acabamento-${f.slug}`) }),
        ),
      }),
      item(`Ofertas de ${c.name}`, `${c.path}?order=Maior+Desconto`, { destaque: true }),
      item('Lançamentos', `${c.path}?order=Lan%C3%A7amentos`, { destaque: true }),
    );
    return entry;
  });
  const bathroom = categories.find((c) => c.slug === 'banheiro');
  const kitchen = categories.find((c) => c.slug === 'cozinha');
  const ambience = [
    item('Ambientes', '/pagina/ambientes', {
      sub: [
        item('Banheiro', bathroom?.path ?? '/', {
          ...icon('ambiente-banheiro'),
          sub: [
            item('Lavatório', '/banheiro/torneiras-de-lavatorio/', {
              sub: [
                item('Torneiras', '/banheiro/torneiras-de-lavatorio/'),
                item('Cubas', '/banheiro/cubas-e-lavatorios/'),
              ],
            }),
            item('Box', '/banheiro/chuveiros-e-duchas/', {
              sub: [
                item('Chuveiros', '/banheiro/chuveiros-e-duchas/'),
                item('Ralos', '/banheiro/ralos-lineares/'),
              ],
            }),
          ],
        }),
        item('Cozinha', kitchen?.path ?? '/', {
          ...icon('ambiente-cozinha'),
          sub: [
            item('Pia', '/cozinha/cubas/', {
              sub: [item('Cubas', '/cozinha/cubas/'), item('Torneiras', '/cozinha/torneiras/')],
            }),
            item('Água filtrada', '/cozinha/filtros/', { sub: [item('Filtros', '/cozinha/filtros/')] }),
          ],
        }),
        item('Área gourmet', '/area-gourmet/', {
          ...icon('ambiente-gourmet'),
          sub: [
            item('Churrasqueira', '/area-gourmet/cubas-gourmet/', {
              sub: [
                item('Cubas gourmet', '/area-gourmet/cubas-gourmet/'),
                item('Torneiras gourmet', '/area-gourmet/torneiras-gourmet/'),
              ],
            }),
          ],
        }),
      ],
    }),
  ];
  const link = (label: string, path: string) => item(label, path);
  return [
    {
      hash: 'pitchbar-topo-home',
      name: 'Barra promocional do topo',
      items: [
        item(
          '<strong>Frete grátis</strong> nas compras acima de {frete-gratis}',
          '/c/frete-gratis',
          icon('caminhao'),
        ),
        item('<strong>{desconto-pix} de desconto</strong> no Pix', '/pagina/cupons', icon('pix')),
      ],
    },
    { hash: 'menu-principal', name: 'Menu principal', items: main },
    {
      hash: 'main-menu-line',
      name: 'Menu em linha',
      items: [
        link('Ambientes', '/pagina/ambientes'),
        link('Ofertas', '/c/ofertas'),
        link('Linha preta', '/c/linha-preta'),
        link('Marcas', '/marcas'),
        link('Sou arquiteto(a)', '/pagina/sou-arquiteto'),
      ],
    },
    { hash: 'main-menu-ambience', name: 'Menu de ambientes', items: ambience },
    {
      hash: 'footer-institucional',
      name: 'Institucional',
      items: [
        link('Quem somos', '/institucional/quem-somos'),
        link('Política de privacidade', '/institucional/politica-de-privacidade'),
        link('Sou arquiteto(a)', '/pagina/sou-arquiteto'),
        link('Avalie a loja', '/institucional/avalie-a-loja'),
      ],
    },
    {
      hash: 'footer-ajuda',
      name: 'Ajuda',
      items: [
        link('Central de atendimento', '/pagina/central-de-atendimento'),
        link('Trocas e devoluções', '/institucional/trocas-e-devolucoes'),
        link('Formas de pagamento', '/institucional/formas-de-pagamento'),
        link('Prazos de entrega', '/institucional/entrega'),
        link('Desistir de uma compra', '/minha-conta/pedidos'),
        item('Troque Fácil', 'https://troquefacil.com.br/casaemetais', { target: '_blank' }),
      ],
    },
    { hash: 'footer-categorias', name: 'Departamentos', items: top.map((c) => link(c.name, c.path)) },
  ];
}

export function buildBanners(categories: CategoryRow[]) {
  const rows: {
    hash: string;
    name: string;
    title: string;
    levelId: number;
    position: number;
    link: string;
    art: { hue: number; headline: string };
    desktopSize: number[];
    mobileSize: number[];
    endsAt: Date | null;
  }[] = [];
  const add = (
    hash: string,
    title: string,
    link: string,
    hue: number,
    levelId: number,
    desktop: number[],
    mobile: number[],
    endsAt: Date | null = null,
  ) =>
    rows.push({
      endsAt,
      hash,
      name: `${hash} ${rows.length + 1}`,
      title,
      levelId,
      position: rows.length,
      link,
      art: { hue, headline: title },
      desktopSize: desktop,
      mobileSize: mobile,
    });
  // A week-long promotion from the day the store is seeded: its banner counts down to the end.
  const weekFromNow = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  add(
    'banner-principal',
    'Semana do Banheiro: até 40% off',
    '/banheiro/',
    210,
    0,
    [1920, 520],
    [720, 720],
    weekFromNow,
  );
  add(
    'banner-principal',
    'Linha preta: o acabamento do momento',
    '/c/linha-preta',
    0,
    0,
    [1920, 520],
    [720, 720],
  );
  add(
    'banner-principal',
    'Cozinha completa com {desconto-pix} de desconto no Pix',
    '/cozinha/',
    30,
    0,
    [1920, 520],
    [720, 720],
  );
  add('meio-home', 'Área gourmet pronta para o verão', '/area-gourmet/', 140, 0, [940, 300], [720, 360]);
  add(
    'meio-home',
    'Duchas com pressão de verdade',
    '/banheiro/chuveiros-e-duchas/',
    190,
    0,
    [940, 300],
    [720, 360],
  );
  for (const c of categories.filter((x) => x.level === 1)) {
    add(
      'destaque-submenu-1',
      `Ofertas de ${c.name}`,
      `${c.path}?order=Maior+Desconto`,
      (c.id * 47) % 360,
      c.id,
      [211, 335],
      [211, 335],
    );
    add(
      'banner-listagem-categoria',
      `${c.name} com {desconto-pix} de desconto no Pix`,
      c.path,
      (c.id * 83) % 360,
      c.id,
      [1320, 220],
      [720, 300],
    );
  }
  return rows;
}

/** The home's showcases: live ones, picked from the catalogue at each read (content/showcases.ts). */
export function buildShowcases() {
  const live = (hash: string, title: string, rule: ShowcaseRule, homePosition: number) => ({
    hash,
    title,
    tag: 'h2',
    rule,
    productIds: [],
    homePosition,
  });
  return [
    live('vitrine-mais-vendidos', 'Mais vendidos', 'mais-vendidos', 0),
    live('vitrine-ofertas', 'Ofertas imperdíveis', 'ofertas', 1),
    live('vitrine-lancamentos', 'Lançamentos', 'lancamentos', 2),
  ];
}

export const POPUPS = [
  {
    level: 'home',
    name: 'Newsletter 10% off',
    kind: 'newsletter' as const,
    content: '<p>Cadastre-se e ganhe <strong>10% de desconto</strong> na primeira compra.</p>',
    link: '',
    delaySeconds: 8,
    active: true,
  },
  {
    level: 'detail',
    name: 'Cupom frete',
    kind: 'html' as const,
    content: '<p>Use o cupom <strong>FRETE10</strong> e ganhe 10% no frete.</p>',
    link: '/pagina/cupons',
    delaySeconds: 15,
    active: true,
  },
];

export function buildLandingPages(categories: CategoryRow[]) {
  const bySlug = (slug: string) => categories.filter((c) => c.slug === slug).map((c) => c.id);
  return [
    {
      slug: 'ofertas',
      name: 'Ofertas',
      description: 'Produtos com 30% de desconto ou mais.',
      rule: { minDiscount: 30 },
    },
    {
      slug: 'linha-preta',
      name: 'Linha preta',
      description: 'Metais em preto fosco e grafite para um banheiro elegante.',
      rule: { finishes: ['preto-fosco', 'grafite'] },
    },
    {
      slug: 'frete-gratis',
      name: 'Frete grátis',
      description: 'Produtos acima de R$ 599,90 com frete grátis.',
      rule: { minPrice: 599.9 },
    },
    {
      slug: 'cozinha-gourmet',
      name: 'Cozinha gourmet',
      description: 'Torneiras e cubas para cozinha gourmet.',
      rule: {
        categoryIds: [
          ...bySlug('torneiras-gourmet'),
          ...bySlug('cubas-gourmet'),
          ...bySlug('torneiras-de-mesa'),
        ],
      },
    },
  ];
}

export function buildLists(products: ProductRow[]) {
  const of = (kinds: string[], n: number) =>
    products
      .filter((p) => kinds.includes(p.kind) && p.stock > 0)
      .slice(0, n)
      .map((p) => p.id);
  return [
    {
      slug: 'cozinha-completa',
      name: 'Cozinha completa',
      description: 'Torneira, cuba e filtro escolhidos para combinar.',
      productIds: of(['torneira', 'cuba', 'filtro'], 6),
    },
    {
      slug: 'banheiro-dos-sonhos',
      name: 'Banheiro dos sonhos',
      description: 'Chuveiro, misturador e acessórios na mesma linha.',
      productIds: of(['chuveiro', 'misturador', 'acessorio'], 8),
    },
  ];
}
