// Seed only (never served): the generator that turns the catalogue frame into products.
import { normalizeText, slugify } from '#/server/lib/text.ts';
import type { Spec } from '#/server/db/schema.ts';
import { FINISHES } from '#/server/config/finishes.ts';
import type { Kind } from '#/server/config/finishes.ts';
import { BADGES, BRANDS, CATEGORY_TREE, FINISHES_BY_KIND, MATERIALS, STYLES } from './catalog.ts';
import { BOX_BY_KIND, NCM_BY_KIND } from './fiscal.ts';
import type { CategoryDef } from './catalog.ts';
import { createRandom } from './random.ts';

export type CategoryRow = {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  path: string;
  level: number;
  position: number;
  description: string;
  longDescription: string;
  def: CategoryDef;
  ancestors: number[];
};

export type VariantRow = {
  productId: number;
  sku: string;
  finish: string;
  finishLabel: string;
  listPrice: number;
  price: number;
  stock: number;
  position: number;
  ncm: string;
  weightGrams: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
};

export type ProductRow = {
  id: number;
  slug: string;
  name: string;
  kind: Kind;
  brandId: number;
  categoryId: number;
  ean: string;
  shortDescription: string;
  description: string;
  specs: Spec[];
  badgeIds: number[];
  ratingAvg: number;
  ratingCount: number;
  sales: number;
  createdAt: Date;
  listPrice: number;
  price: number;
  discount: number;
  stock: number;
  finishes: string[];
  searchText: string;
  combinations: number[];
};

/** The catalogue's own tables are consistent; a miss is a bug in them, not a runtime condition. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seed catalogue is missing ${what}`);
  return value;
}

const DISCOUNTS = [0, 0, 0, 5, 10, 10, 15, 20, 25, 30, 40, 50];
const DAY = 86_400_000;
/** "1 ano", "5 anos": a warranty as a person writes it. */
const yearsSaid = (n: number) => (n === 1 ? '1 ano' : `${String(n)} anos`);

/** Flatten the taxonomy into rows with ids, paths and ancestor ids. */
export function buildCategories(): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const walk = (defs: CategoryDef[], parent: CategoryRow | undefined) => {
    defs.forEach((def, position) => {
      const row: CategoryRow = {
        id: rows.length + 1,
        parentId: parent?.id ?? null,
        name: def.name,
        slug: def.slug,
        path: `${parent?.path ?? '/'}${def.slug}/`,
        level: (parent?.level ?? 0) + 1,
        position,
        description: def.description,
        longDescription:
          `${def.description} Na nossa loja você encontra ${def.name.toLowerCase()} das melhores marcas, ` +
          'com garantia de fábrica e entrega para todo o Brasil. ' +
          'Compare acabamentos, medidas e preços e escolha o modelo ideal para o seu projeto.',
        def,
        ancestors: [...(parent ? [...parent.ancestors, parent.id] : [])],
      };
      rows.push(row);
      if (def.children) walk(def.children, row);
    });
  };
  walk(CATEGORY_TREE, undefined);
  return rows;
}

function ean13(n: number): string {
  const base = `789${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base.charAt(i)) * (i % 2 ? 3 : 1);
  return base + String((10 - (sum % 10)) % 10);
}

/** Prices end in ,90 like a real shelf price. */
const shelfPrice = (n: number) => Math.max(9.9, Math.floor(n) + 0.9);

function describe(kind: Kind, type: string, brand: string, material: string, style: string) {
  const use: Record<Kind, string> = {
    torneira: 'abre e fecha com 1/4 de volta e tem arejador que economiza água',
    misturador: 'mistura água quente e fria com um único comando e cartucho cerâmico de 35 mm',
    cuba: 'tem cantos arredondados que facilitam a limpeza e acompanha válvula e sifão',
    filtro: 'retém cloro, partículas e odores, com refil fácil de trocar',
    chuveiro: 'tem jato amplo e uniforme, com espalhador antiacúmulo de calcário',
    acessorio: 'é fixado com parafusos ocultos e resiste à umidade do banheiro',
    ralo: 'escoa rápido, tem grelha removível e sifão que evita o mau cheiro',
    tanque: 'tem cuba profunda, esfregador integrado e válvula de escoamento',
  };
  const short = `${type} ${style.replace('Linha ', 'da linha ')} da ${brand}, em ${material.toLowerCase()}.`;
  const long =
    `<p>A ${type} ${style} da ${brand} ${use[kind]}. Feita em ${material.toLowerCase()}, ` +
    'une durabilidade e acabamento impecável para o dia a dia.</p>' +
    '<p>Instalação simples, com todos os acessórios inclusos. Confira as medidas antes da compra ' +
    'e, em caso de dúvida, fale com nossos especialistas pelo WhatsApp.</p>';
  return { short, long };
}

/** Deterministically generate `count` products with their variants. */
/**
 * A draw the generator once made for a field it no longer fills (the ratings): made all the same, so every
 * product after it comes out as before.
 */
function drawn(draw: () => unknown): 0 {
  draw();
  return 0;
}

/**
 * `now` is the seeding moment: every product was launched in the 700 days before it (a store seeded on any
 * day has its newest launches behind it, and a product added that day leads "Lançamentos").
 */
export function generateProducts(count: number, categories: CategoryRow[], now = Date.now()) {
  const random = createRandom(20261121);
  const leaves = categories.filter((c) => c.def.kind && c.def.types);
  const products: ProductRow[] = [];
  const variants: VariantRow[] = [];
  for (let id = 1; id <= count; id++) {
    const leaf = leaves[(id - 1) % leaves.length] as CategoryRow;
    const kind = leaf.def.kind as Kind;
    const [minPrice, maxPrice] = leaf.def.priceRange ?? [50, 500];
    const brandIndex = random.int(0, BRANDS.length - 1);
    const brand = BRANDS[brandIndex] as (typeof BRANDS)[number];
    const type = random.pick(leaf.def.types ?? []);
    const style = random.pick(STYLES);
    const code = `${brand.name.slice(0, 2).toUpperCase()}-${1000 + id}`;
    const name = `${type} ${style} ${brand.name} ${code}`;
    const material = random.pick(MATERIALS[kind]);
    const basePrice = minPrice + (maxPrice - minPrice) * random.next() ** 2;
    const discount = random.pick(DISCOUNTS);
    const unavailable = random.chance(0.07);
    const finishes = random.sample(
      FINISHES_BY_KIND[kind],
      random.int(1, Math.min(4, FINISHES_BY_KIND[kind].length)),
    );
    const productVariants = finishes.map((slug, position): VariantRow => {
      const finish = required(
        FINISHES.find((f) => f.slug === slug),
        `finish ${slug}`,
      );
      const price = shelfPrice(basePrice * finish.priceFactor);
      return {
        productId: id,
        sku: `${code}-${slug
          .split('-')
          .map((p) => p.slice(0, 2).toUpperCase())
          .join('')}`,
        finish: finish.slug,
        finishLabel: finish.label,
        listPrice: discount ? shelfPrice(price / (1 - discount / 100)) : price,
        price,
        stock: unavailable ? 0 : random.chance(0.1) ? 0 : random.int(1, 60),
        position,
        ncm: NCM_BY_KIND[kind],
        ...BOX_BY_KIND[kind],
      };
    });
    variants.push(...productVariants);
    const first = required(productVariants.find((v) => v.stock > 0) ?? productVariants[0], 'a variant');
    const badgeIds = BADGES.filter((b) => random.chance(b.id === 23 ? 0.08 : 0.12)).map((b) => b.id);
    if (first.price >= 599.9 && !badgeIds.includes(3)) badgeIds.unshift(3);
    const { short, long } = describe(kind, type, brand.name, material, style);
    const height = random.int(8, 45);
    const specs: Spec[] = [
      { nome: 'Material', valor: material },
      { nome: 'Garantia', valor: `${yearsSaid(random.pick([1, 2, 5, 10]))} contra defeitos de fabricação` },
      {
        nome: 'Pressão',
        valor: random.pick(['Alta e baixa pressão', 'Mínima de 2 m.c.a.', 'Alta pressão (mín. 10 m.c.a.)']),
      },
      { nome: 'Dimensões', valor: `A ${height} x L ${random.int(5, 60)} x P ${random.int(5, 50)} cm` },
      { nome: 'Acabamentos', valor: productVariants.map((v) => v.finishLabel).join(', ') },
      { nome: 'Instalação', valor: random.pick(['Mesa', 'Parede', 'Bancada', 'Embutir', 'Sobrepor']) },
    ];
    const categoryNames = categories
      .filter((c) => [...leaf.ancestors, leaf.id].includes(c.id))
      .map((c) => c.name);
    products.push({
      id,
      slug: slugify(name),
      name,
      kind,
      brandId: brandIndex + 1,
      categoryId: leaf.id,
      ean: ean13(id),
      shortDescription: short,
      description: long,
      specs,
      badgeIds,
      // No customer has reviewed a new store's products: ratings come only from approved reviews.
      ratingAvg: drawn(() => (random.chance(0.2) ? 0 : random.next())),
      ratingCount: drawn(() => random.int(0, 180)),
      sales: Math.floor(random.next() ** 3 * 5000),
      createdAt: new Date(now - (1 + random.int(0, 700)) * DAY),
      listPrice: first.listPrice,
      price: first.price,
      discount: Math.round((1 - first.price / first.listPrice) * 100),
      stock: productVariants.reduce((sum, v) => sum + v.stock, 0),
      finishes: productVariants.map((v) => v.finish),
      searchText: normalizeText(
        `${name} ${categoryNames.join(' ')} ${productVariants.map((v) => v.finishLabel).join(' ')}`,
      ),
      combinations: [],
    });
  }
  // "Compre junto": pair products with one from a different family.
  for (const product of products) {
    if (products.length < 2 || !random.chance(0.3)) continue;
    const other = products[random.int(0, products.length - 1)] as ProductRow;
    if (other.kind !== product.kind && other.stock > 0) product.combinations = [other.id];
  }
  return { products, variants };
}

/** Distinct searchable words (no model numbers) with how often they occur. */
export function buildVocabulary(products: ProductRow[]) {
  const counts = new Map<string, number>();
  for (const p of products) {
    for (const word of new Set(p.searchText.split(' '))) {
      // Model codes and short tokens match as typed; only real words need typo and prefix lookups.
      if (word.length > 2 && /[a-z]/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].map(([word, frequency]) => ({ word, frequency }));
}
