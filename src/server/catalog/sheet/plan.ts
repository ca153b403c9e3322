// One concern: what a read sheet would do to the catalogue, row by row (created, changed, refused, same),
// decided against the catalogue as it is; nothing here writes.
import type { SheetColumn } from '#/contract/catalog-sheet.ts';
import { formatBRL } from '#/lib/money.ts';
import { SKU_PATTERN } from '#/contract/staff-stock.ts';
import { parseMoney, parseName, parseSlug, parseStock, refuse, Refusal, withoutFormulas } from './cells.ts';
import { lookups } from './lookups.ts';
import type { Cell, SheetInputRow } from './read.ts';
import { readSnapshot, sinceDownload } from './snapshot.ts';
import { fiscalChanges, readFiscal } from './fiscal.ts';
import type { FiscalFields } from './fiscal.ts';

export type VariantState = {
  id: number;
  productId: number;
  sku: string;
  finish: string;
  finishLabel: string;
  listPrice: number;
  price: number;
  stock: number;
  position: number;
  ncm: string;
  cest: string;
  origin: number;
  gtin: string;
};
export type ProductState = { id: number; slug: string; name: string; brandId: number; categoryId: number };
export type CatalogueState = {
  variants: VariantState[];
  products: ProductState[];
  brands: { id: number; name: string; slug: string }[];
  categories: { id: number; parentId: number | null; name: string; path: string }[];
  /** The finishes the store sells (the `finishes` table), the hidden ones too. */
  finishes: SheetFinish[];
};
/** A finish as a sheet names it: by its label or its slug. */
export type SheetFinish = { slug: string; label: string };

/** A product a row points at: one that exists, or one a row of this sheet creates (by its address). */
export type ProductRef = { id: number } | { slug: string };
type ProductFields = { name: string; brandId: number; categoryId: number };
type VariantFields = {
  finish: string;
  finishLabel: string;
  listPrice: number;
  price: number;
  stock: number;
} & FiscalFields;

export type PlannedRow =
  | { kind: 'refuse'; line: number; sku: string; reason: string }
  | { kind: 'same'; line: number; sku: string }
  | {
      kind: 'change' | 'create';
      line: number;
      sku: string;
      product: ProductRef;
      /** A product this row brings into being (the first row of a new address). */
      newProduct?: { slug: string } & ProductFields;
      /** Product fields this row changes. */
      productSet?: Partial<ProductFields>;
      /** The variant's id when it exists, and the fields it gets. */
      variantId?: number;
      variantSet: Partial<VariantFields>;
      /** The stock read when planned, if the row changes it: the apply adds (sheet − this) to the stock then. */
      stockFrom?: number;
      /** For a new variant, its position among the product's finishes. */
      position?: number;
      changes: { campo: string; antes: string; depois: string }[];
    };
export type Plan = { rows: PlannedRow[] };
export type Applicable = Extract<PlannedRow, { kind: 'change' | 'create' }>;

const money = formatBRL;

/** What a row's cells say, read (undefined: the cell is empty, the store's value stands). */
export type Given = {
  name: string | undefined;
  brandId: number | undefined;
  categoryId: number | undefined;
  slug: string | undefined;
  finish: SheetFinish | undefined;
  listPrice: number | undefined;
  price: number | undefined;
  stock: number | undefined;
} & Partial<FiscalFields>;

/**
 * Every row's outcome, in sheet order, against `state`: an empty cell keeps what is there; a new SKU needs
 * the address of its product (existing, or new with name, brand and category); rows never disagree about
 * one product (a later row that does is refused, naming the earlier one).
 */
export function planSheet(rows: readonly SheetInputRow[], state: CatalogueState): Plan {
  const look = lookups(state);
  const seen = new Map<string, number>();
  /** Product fields a row of this sheet already set, by product key, with the row that set them. */
  const claimed = new Map<
    string,
    Partial<Record<keyof ProductFields, { value: number | string; line: number }>>
  >();
  const created = new Map<string, ProductFields & { line: number }>();
  const planned: PlannedRow[] = [];

  for (const row of rows) {
    const c = row.cells;
    const sku = String(c.sku ?? '').trim();
    try {
      if (!sku) refuse('Falta o SKU.');
      if (!SKU_PATTERN.test(sku))
        refuse('SKU inválido: use letras, números, ponto, hífen ou sublinhado (até 64 caracteres).');
      const earlier = seen.get(sku.toLowerCase());
      if (earlier !== undefined) refuse(`O SKU ${sku} já apareceu na linha ${String(earlier)}.`);
      seen.set(sku.toLowerCase(), row.line);
      planned.push(planRow(row.line, sku, c, row.formulas));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      planned.push({ kind: 'refuse', line: row.line, sku: sku.slice(0, 64), reason: error.message });
    }
  }
  return { rows: planned };

  function planRow(
    line: number,
    sku: string,
    raw: Partial<Record<SheetColumn, Cell>>,
    formulas: SheetColumn[] | undefined,
  ): PlannedRow {
    if (formulas?.length)
      refuse(
        `A coluna ${formulas.join(', ')} desta linha é uma fórmula: a loja lê só valores digitados (no Excel, copie e cole como valores).`,
      );
    const existing = look.bySku.get(sku.toLowerCase());
    const owner = existing && look.productById.get(existing.productId);
    const c = withoutFormulas(raw, owner?.name);
    const given: Given = {
      name: c.produto === undefined ? undefined : parseName(c.produto),
      brandId: c.marca === undefined ? undefined : look.brand(c.marca),
      categoryId: c.categoria === undefined ? undefined : look.category(c.categoria),
      slug: c.endereco === undefined ? undefined : parseSlug(c.endereco),
      finish: c.acabamento === undefined ? undefined : look.finish(c.acabamento),
      listPrice: c.preco_de === undefined ? undefined : parseMoney(c.preco_de, 'Preço de'),
      price: c.preco_por === undefined ? undefined : parseMoney(c.preco_por, 'Preço por'),
      stock: c.estoque === undefined ? undefined : parseStock(c.estoque),
      ...readFiscal(c),
    };
    // A sheet downloaded earlier: a cell as it was then keeps what the store holds now.
    const snap = existing && owner ? readSnapshot(c.versao, sku) : undefined;
    if (existing && owner && snap) sinceDownload(given, { variant: existing, product: owner, look }, snap);
    const changes: { campo: string; antes: string; depois: string }[] = [];
    const note = (campo: string, antes: string, depois: string) => {
      if (antes !== depois) changes.push({ campo, antes, depois });
    };

    // Which product, and whether this row creates it.
    let product: ProductRef;
    let current: ProductFields | undefined;
    let newProduct: ({ slug: string } & ProductFields) | undefined;
    if (existing && owner) {
      if (given.slug !== undefined && given.slug !== owner.slug)
        refuse(
          `A planilha não muda o endereço de um produto: o SKU ${existing.sku} é de /${owner.slug}.html.`,
        );
      product = { id: owner.id };
      current = owner;
    } else {
      if (given.slug === undefined)
        refuse('SKU novo: informe o endereço do produto (um que já existe, ou o de um produto novo).');
      const slug = given.slug as string;
      const owner = look.productBySlug.get(slug);
      if (owner) {
        product = { id: owner.id };
        current = owner;
      } else {
        product = { slug };
        current = created.get(slug);
        if (!current) {
          if (given.name === undefined || given.brandId === undefined || given.categoryId === undefined)
            refuse(`Produto novo (/${slug}.html): informe o nome, a marca e a categoria.`);
          newProduct = {
            slug,
            name: given.name as string,
            brandId: given.brandId as number,
            categoryId: given.categoryId as number,
          };
        }
      }
    }
    const key = 'id' in product ? String(product.id) : `novo:${product.slug}`;

    // Product fields: the same in every row of one product.
    const claims = claimed.get(key) ?? {};
    const productSet: Partial<ProductFields> = {};
    for (const field of ['name', 'brandId', 'categoryId'] as const) {
      const value = given[field];
      if (value === undefined) continue;
      const claim = claims[field];
      if (claim && claim.value !== value)
        refuse(`A linha ${String(claim.line)} dá outro ${FIELD_LABEL[field]} a este mesmo produto.`);
      if (!newProduct && current && current[field] !== value) Object.assign(productSet, { [field]: value });
    }
    if (current && !newProduct) {
      if (productSet.name !== undefined) note('Produto', current.name, productSet.name);
      if (productSet.brandId !== undefined)
        note('Marca', look.brandName(current.brandId), look.brandName(productSet.brandId));
      if (productSet.categoryId !== undefined)
        note('Categoria', look.categoryPath(current.categoryId), look.categoryPath(productSet.categoryId));
    }

    // The finish: one SKU per finish in a product.
    const finishes = look.finishesOf.get(key) ?? new Map<string, string>();
    const finish = given.finish;
    if (finish) {
      const holder = finishes.get(finish.slug);
      if (holder !== undefined && holder.toLowerCase() !== sku.toLowerCase())
        refuse(`O produto já tem o acabamento ${finish.label} (SKU ${holder}).`);
    }

    const variantSet: Partial<VariantFields> = {};
    let position: number | undefined;
    if (existing) {
      const price = given.price ?? existing.price;
      // A price-only sheet that raises "por" above the "de" it left out raises "de" with it (no discount
      // shown, and the dry run lists it); a "de" the sheet gives below its "por" is refused.
      const listPrice = given.listPrice ?? Math.max(existing.listPrice, price);
      if (listPrice < price)
        refuse(`O preço de (${money(listPrice)}) fica abaixo do preço por (${money(price)}).`);
      if (finish && finish.slug !== existing.finish) {
        Object.assign(variantSet, { finish: finish.slug, finishLabel: finish.label });
        note('Acabamento', existing.finishLabel, finish.label);
      }
      if (listPrice !== existing.listPrice) variantSet.listPrice = listPrice;
      if (price !== existing.price) variantSet.price = price;
      if (given.stock !== undefined && given.stock !== existing.stock) variantSet.stock = given.stock;
      note('Preço de', money(existing.listPrice), money(listPrice));
      note('Preço por', money(existing.price), money(price));
      if (given.stock !== undefined) note('Estoque', String(existing.stock), String(given.stock));
      Object.assign(variantSet, fiscalChanges(given, existing, note));
    } else {
      if (!finish) refuse('SKU novo: informe o acabamento.');
      if (given.price === undefined) refuse('SKU novo: informe o preço por.');
      const chosen = finish as SheetFinish;
      const price = given.price as number;
      const listPrice = given.listPrice ?? price;
      if (listPrice < price)
        refuse(`O preço de (${money(listPrice)}) fica abaixo do preço por (${money(price)}).`);
      Object.assign(variantSet, {
        finish: chosen.slug,
        finishLabel: chosen.label,
        listPrice,
        price,
        stock: given.stock ?? 0,
      });
      position = (look.maxPosition.get(key) ?? -1) + 1;
      look.maxPosition.set(key, position);
      if (newProduct) {
        note('Produto', '', newProduct.name);
        note('Endereço', '', `/${newProduct.slug}.html`);
        note('Marca', '', look.brandName(newProduct.brandId));
        note('Categoria', '', look.categoryPath(newProduct.categoryId));
      }
      note('Acabamento', '', chosen.label);
      note('Preço de', '', money(listPrice));
      note('Preço por', '', money(price));
      note('Estoque', '', String(given.stock ?? 0));
      Object.assign(variantSet, fiscalChanges(given, undefined, note));
    }

    // Accepted: what later rows are checked against.
    for (const field of ['name', 'brandId', 'categoryId'] as const) {
      const value = given[field];
      if (value !== undefined && !claims[field]) claims[field] = { value, line };
    }
    claimed.set(key, claims);
    if (newProduct) created.set(newProduct.slug, { ...newProduct, line });
    if (variantSet.finish) {
      if (existing) finishes.delete(existing.finish);
      finishes.set(variantSet.finish, sku);
      look.finishesOf.set(key, finishes);
    }
    if (existing && changes.length === 0) return { kind: 'same', line, sku };
    return {
      kind: existing ? 'change' : 'create',
      line,
      sku,
      product,
      ...(newProduct ? { newProduct } : {}),
      ...(Object.keys(productSet).length > 0 ? { productSet } : {}),
      ...(existing ? { variantId: existing.id } : {}),
      variantSet,
      ...(existing && variantSet.stock !== undefined ? { stockFrom: existing.stock } : {}),
      ...(position === undefined ? {} : { position }),
      changes,
    };
  }
}

const FIELD_LABEL = { name: 'nome', brandId: 'marca', categoryId: 'categoria' } as const;
