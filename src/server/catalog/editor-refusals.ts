// One concern: what the catalogue refuses of a product form that is well formed (the contract checked its shape).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ProductInput } from '#/contract/staff-products.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Editable } from './editor.ts';
import { productOptions } from './product-options.ts';

/** What the catalogue refuses of a form that is well formed: each field's reason, none when it can be saved. */
export async function refusals(
  db: Db,
  id: number | undefined,
  input: ProductInput,
  current: Editable | undefined,
) {
  const erros: Record<string, string> = {};
  const [brand] = await db.select({ id: t.brands.id }).from(t.brands).where(eq(t.brands.id, input.marca));
  if (!brand) erros['marca'] = 'Marca não encontrada.';
  const options = await productOptions(db);
  const leaf = options.categorias.some((c) => c.id === input.categoria);
  const finishes = new Set(options.opcoesAcabamento.map((f) => f.slug));
  if (!leaf) erros['categoria'] = 'Escolha uma categoria da lista (a última de um caminho).';
  const other = id === undefined ? sql`true` : ne(t.products.id, id);
  const [taken] = await db
    .select({ id: t.products.id })
    .from(t.products)
    .where(and(eq(t.products.slug, input.endereco), other));
  const [formerly] = await db
    .select({ id: t.productRedirects.productId })
    .from(t.productRedirects)
    .where(eq(t.productRedirects.slug, input.endereco));
  if (taken) erros['endereco'] = 'Outro produto já usa este endereço.';
  else if (formerly && formerly.id !== id)
    erros['endereco'] = 'Este endereço já foi de outro produto e leva a ele; escolha outro.';
  const mine = new Map((current?.acabamentos ?? []).map((f) => [f.id, f]));
  const skus = input.acabamentos.map((f) => f.sku);
  const elsewhere = new Set(
    (
      await db
        .select({ sku: t.variants.sku })
        .from(t.variants)
        .where(
          and(inArray(t.variants.sku, skus), id === undefined ? sql`true` : ne(t.variants.productId, id)),
        )
    ).map((r) => r.sku),
  );
  input.acabamentos.forEach((f, i) => {
    const at = (field: string, why: string) => (erros[`acabamentos.${String(i)}.${field}`] ??= why);
    if (f.id !== undefined && !mine.has(f.id)) at('id', 'Este acabamento não é deste produto.');
    if (!finishes.has(f.acabamento)) at('acabamento', 'Escolha um acabamento da lista.');
    if (elsewhere.has(f.sku)) at('sku', `O SKU ${f.sku} já é de outro produto.`);
    else if (skus.indexOf(f.sku) !== i) at('sku', `O SKU ${f.sku} aparece duas vezes.`);
  });
  const kept = new Set(input.acabamentos.map((f) => f.id));
  const dropped = [...mine.values()].find((f) => !kept.has(f.id));
  if (dropped)
    erros['acabamentos'] =
      `O acabamento ${dropped.sku} já está cadastrado e não pode ser apagado: para tirá-lo da venda, zere o estoque dele.`;
  return erros;
}
