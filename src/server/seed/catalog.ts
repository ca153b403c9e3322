// Seed data (never served): the taxonomy, brands and vocabulary the generator uses.
/** The store's fixed taxonomy, brands and badges: the editorial frame the generator fills. */

import type { Kind } from '#/server/config/finishes.ts';

export type CategoryDef = {
  name: string;
  slug: string;
  description: string;
  kind?: Kind;
  /** Product names for this leaf: the generator combines them with styles and models. */
  types?: string[];
  priceRange?: [number, number];
  children?: CategoryDef[];
};

export const CATEGORY_TREE: CategoryDef[] = [
  {
    name: 'Cozinha',
    slug: 'cozinha',
    description: 'Torneiras, misturadores, cubas e filtros para deixar sua cozinha prática e bonita.',
    children: [
      {
        name: 'Torneiras',
        slug: 'torneiras',
        description: 'Torneiras de mesa e de parede para cozinha, com bica alta, móvel ou gourmet.',
        children: [
          {
            name: 'Torneiras de mesa',
            slug: 'torneiras-de-mesa',
            description: 'Torneiras de mesa para cozinha, instaladas direto na bancada.',
            kind: 'torneira',
            types: ['Torneira de Mesa para Cozinha', 'Torneira Bica Alta para Cozinha', 'Torneira Gourmet'],
            priceRange: [129, 1290],
          },
          {
            name: 'Torneiras de parede',
            slug: 'torneiras-de-parede',
            description: 'Torneiras de parede para cozinha, com bica móvel e arejador.',
            kind: 'torneira',
            types: ['Torneira de Parede para Cozinha', 'Torneira de Parede Bica Móvel'],
            priceRange: [99, 790],
          },
        ],
      },
      {
        name: 'Misturadores',
        slug: 'misturadores',
        description: 'Misturadores monocomando e de duas alavancas para água quente e fria.',
        kind: 'misturador',
        types: ['Misturador Monocomando para Cozinha', 'Misturador de Mesa para Cozinha'],
        priceRange: [289, 2490],
      },
      {
        name: 'Cubas',
        slug: 'cubas',
        description: 'Cubas de inox, granito e sobrepor, simples ou duplas.',
        kind: 'cuba',
        types: ['Cuba Inox para Cozinha', 'Cuba Dupla Inox', 'Cuba de Granito para Cozinha'],
        priceRange: [219, 2890],
      },
      {
        name: 'Filtros',
        slug: 'filtros',
        description: 'Filtros e purificadores de água para a cozinha.',
        kind: 'filtro',
        types: ['Filtro de Água para Cozinha', 'Torneira com Filtro', 'Purificador de Água'],
        priceRange: [149, 1190],
      },
    ],
  },
  {
    name: 'Banheiro',
    slug: 'banheiro',
    description: 'Metais, cubas, chuveiros e acessórios para um banheiro completo.',
    children: [
      {
        name: 'Torneiras de lavatório',
        slug: 'torneiras-de-lavatorio',
        description: 'Torneiras de mesa e de parede para lavatório de banheiro.',
        kind: 'torneira',
        types: [
          'Torneira para Lavatório',
          'Torneira de Mesa para Banheiro',
          'Torneira Bica Baixa para Lavatório',
        ],
        priceRange: [89, 990],
      },
      {
        name: 'Misturadores',
        slug: 'misturadores',
        description: 'Misturadores monocomando para lavatório e bidê.',
        kind: 'misturador',
        types: ['Misturador Monocomando para Lavatório', 'Misturador para Banheiro'],
        priceRange: [249, 1990],
      },
      {
        name: 'Chuveiros e duchas',
        slug: 'chuveiros-e-duchas',
        description: 'Chuveiros de teto e parede, duchas higiênicas e duchas manuais.',
        kind: 'chuveiro',
        types: ['Chuveiro de Parede', 'Chuveiro de Teto Quadrado', 'Ducha Higiênica', 'Ducha Manual'],
        priceRange: [79, 1590],
      },
      {
        name: 'Cubas e lavatórios',
        slug: 'cubas-e-lavatorios',
        description: 'Cubas de apoio, de sobrepor e de embutir para banheiro.',
        kind: 'cuba',
        types: ['Cuba de Apoio para Banheiro', 'Cuba de Sobrepor', 'Lavatório de Embutir'],
        priceRange: [159, 1490],
      },
      {
        name: 'Acessórios',
        slug: 'acessorios',
        description: 'Toalheiros, papeleiras, saboneteiras e cabides para banheiro.',
        kind: 'acessorio',
        types: ['Toalheiro de Barra', 'Papeleira para Banheiro', 'Saboneteira de Parede', 'Cabide Duplo'],
        priceRange: [39, 490],
      },
      {
        name: 'Ralos lineares',
        slug: 'ralos-lineares',
        description: 'Ralos lineares de inox com grelha oculta ou aparente.',
        kind: 'ralo',
        types: ['Ralo Linear Inox', 'Ralo Linear Oculto'],
        priceRange: [119, 890],
      },
    ],
  },
  {
    name: 'Área gourmet',
    slug: 'area-gourmet',
    description: 'Tudo para a sua área gourmet: torneiras, cubas e acessórios para churrasqueira.',
    children: [
      {
        name: 'Torneiras gourmet',
        slug: 'torneiras-gourmet',
        description: 'Torneiras gourmet com bica flexível e jato duplo.',
        kind: 'torneira',
        types: ['Torneira Gourmet Flexível', 'Torneira Gourmet de Parede'],
        priceRange: [249, 1890],
      },
      {
        name: 'Cubas gourmet',
        slug: 'cubas-gourmet',
        description: 'Cubas grandes de inox para área gourmet e churrasqueira.',
        kind: 'cuba',
        types: ['Cuba Gourmet Inox', 'Cuba Gourmet com Escorredor'],
        priceRange: [399, 3290],
      },
    ],
  },
  {
    name: 'Lavanderia',
    slug: 'lavanderia',
    description: 'Tanques e torneiras para a lavanderia.',
    children: [
      {
        name: 'Tanques',
        slug: 'tanques',
        description: 'Tanques de inox e de sobrepor para lavanderia.',
        kind: 'tanque',
        types: ['Tanque Inox para Lavanderia', 'Tanque de Sobrepor'],
        priceRange: [299, 1690],
      },
      {
        name: 'Torneiras de tanque',
        slug: 'torneiras-de-tanque',
        description: 'Torneiras de parede para tanque e máquina de lavar.',
        kind: 'torneira',
        types: ['Torneira para Tanque', 'Torneira de Parede para Máquina de Lavar'],
        priceRange: [49, 390],
      },
    ],
  },
];

export const BRANDS = [
  {
    name: 'Aquarela Metais',
    color: '#1f6fb2',
    description: 'Metais sanitários com design brasileiro desde 1978.',
  },
  { name: 'Fontana', color: '#0f766e', description: 'Torneiras e misturadores de alto padrão.' },
  { name: 'Ribeira', color: '#9a3412', description: 'Cubas e tanques de inox feitos para durar.' },
  { name: 'Vértice', color: '#374151', description: 'Linhas minimalistas em preto fosco e grafite.' },
  { name: 'Cascata', color: '#2563eb', description: 'Chuveiros e duchas com pressão de verdade.' },
  { name: 'Pedra Azul', color: '#1e3a8a', description: 'Cubas de granito e louças para banheiro.' },
  { name: 'Nobre Inox', color: '#6b7280', description: 'Inox 304 para cozinha e área gourmet.' },
  { name: 'Solaris Home', color: '#b45309', description: 'Acessórios de banheiro em latão e dourado.' },
  { name: 'Itapema', color: '#15803d', description: 'Soluções práticas para lavanderia e cozinha.' },
  { name: 'Lumière Design', color: '#7c3aed', description: 'Metais assinados para projetos de arquitetura.' },
] as const;

/** Finishes a product family is made in. */
export const FINISHES_BY_KIND: Record<Kind, string[]> = {
  torneira: ['cromado', 'preto-fosco', 'dourado-escovado', 'grafite', 'rose-gold'],
  misturador: ['cromado', 'preto-fosco', 'dourado-escovado', 'grafite'],
  chuveiro: ['cromado', 'preto-fosco', 'dourado-escovado', 'branco'],
  acessorio: ['cromado', 'preto-fosco', 'dourado-escovado', 'rose-gold'],
  filtro: ['cromado', 'branco', 'inox-escovado'],
  cuba: ['inox-escovado', 'preto-fosco', 'branco'],
  ralo: ['inox-escovado', 'preto-fosco'],
  tanque: ['inox-escovado', 'branco'],
};

export const STYLES = [
  'Linha Aurora',
  'Linha Bossa',
  'Linha Ipê',
  'Linha Mar',
  'Linha Serra',
  'Linha Prisma',
  'Linha Lótus',
  'Linha Ônix',
  'Linha Jade',
  'Linha Cristal',
  'Linha Vento',
  'Linha Maré',
];

export const MATERIALS: Record<Kind, string[]> = {
  torneira: ['Latão', 'Latão cromado', 'Aço inox 304'],
  misturador: ['Latão', 'Latão maciço'],
  chuveiro: ['Latão', 'ABS com acabamento metálico', 'Aço inox'],
  acessorio: ['Latão', 'Zamac', 'Aço inox'],
  filtro: ['Polipropileno e latão', 'Aço inox'],
  cuba: ['Aço inox 304', 'Granito sintético', 'Louça'],
  ralo: ['Aço inox 304'],
  tanque: ['Aço inox 304', 'Mármore sintético'],
};

export const BADGES = [
  {
    id: 3,
    name: 'Frete Grátis',
    kind: 'texto',
    label: 'Frete Grátis',
    textColor: '#ffffff',
    color: '#15803d',
    posX: 'left',
    posY: 'top',
  },
  {
    id: 7,
    name: 'Lançamento',
    kind: 'texto',
    label: 'Lançamento',
    textColor: '#ffffff',
    color: '#1d4ed8',
    posX: 'right',
    posY: 'top',
  },
  {
    id: 12,
    name: 'Oferta da Semana',
    kind: 'imagem',
    label: 'Oferta da Semana',
    textColor: '#ffffff',
    color: '#dc2626',
    posX: 'left',
    posY: 'bottom',
  },
  {
    id: 18,
    name: 'Garantia 5 anos',
    kind: 'imagem',
    label: 'Garantia 5 anos',
    textColor: '#1f2937',
    color: '#fde68a',
    posX: 'right',
    posY: 'bottom',
  },
  {
    id: 23,
    name: 'Exclusivo Online',
    kind: 'texto',
    label: 'Exclusivo Online',
    textColor: '#ffffff',
    color: '#111827',
    posX: 'center',
    posY: 'top',
  },
  {
    id: 31,
    name: 'Mais Vendido',
    kind: 'texto',
    label: 'Mais Vendido',
    textColor: '#1f2937',
    color: '#facc15',
    posX: 'left',
    posY: 'top',
  },
] as const;
