// One concern: a product as the team edits it, read whole and written whole, with its change on the record.
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { ProductInput, StaffProduct } from '#/contract/staff-products.ts';
import { inOrder, inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { isUniqueViolation } from '#/server/db/health.ts';
import { invalidFields, notFound, PlatformError } from '#/server/errors.ts';
import { cleanRichText } from '#/server/lib/rich-text.ts';
import { normalizeText, slugify } from '#/server/lib/text.ts';
import { recordChange } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';
import { kindFor, refreshSearch, refreshTotals } from './derived.ts';
import { refusals } from './editor-refusals.ts';
import { productPath } from './urls.ts';

export type Editable = StaffProduct['produto'];

/** One product whole, as the editor shows it; undefined when there is none. */
export async function loadEditable(db: Db, id: number): Promise<Editable | undefined> {
  const [[p], [details], variants, redirects, photos] = await inOrder(
    db.select().from(t.products).where(eq(t.products.id, id)),
    db.select().from(t.productDetails).where(eq(t.productDetails.productId, id)),
    db.select().from(t.variants).where(eq(t.variants.productId, id)).orderBy(asc(t.variants.position)),
    db
      .select({ slug: t.productRedirects.slug })
      .from(t.productRedirects)
      .where(eq(t.productRedirects.productId, id))
      .orderBy(asc(t.productRedirects.createdAt)),
    db
      .select({ id: t.productPhotos.id, width: t.productPhotos.width, height: t.productPhotos.height })
      .from(t.productPhotos)
      .where(eq(t.productPhotos.productId, id))
      .orderBy(asc(t.productPhotos.position)),
  );
  if (!p) return undefined;
  const editable = {
    id: p.id,
    nome: p.name,
    endereco: p.slug,
    caminho: productPath(p.slug),
    enderecosAntigos: redirects.map((r) => productPath(r.slug)),
    marca: p.brandId,
    categoria: p.categoryId,
    resumo: p.shortDescription,
    descricao: details?.description ?? '',
    ativo: p.active,
    seoTitulo: p.seoTitle,
    seoDescricao: p.seoDescription,
    especificacoes: details?.specs ?? [],
    fotos: photos.map((f) => ({
      id: f.id,
      miniatura: `/arquivos/fotos/${String(id)}/${f.id}-small.webp`,
      largura: f.width,
      altura: f.height,
    })),
    acabamentos: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      acabamento: v.finish,
      precoDe: v.listPrice,
      precoPor: v.price,
      estoque: v.stock,
      pesoGramas: v.weightGrams,
      alturaCm: v.heightCm,
      larguraCm: v.widthCm,
      comprimentoCm: v.lengthCm,
      ncm: v.ncm,
      cest: v.cest,
      origem: v.origin,
      gtin: v.gtin,
    })),
  };
  return { ...editable, versao: fingerprint(flat(editable)) };
}

/** A short digest of a product's saved fields (photos move on their own and do not count). */
const fingerprint = (fields: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 16);

/** The product as the record keeps it: one line per field, finishes by SKU ("CR-1 preço por": 199.9). */
function flat(
  p: Omit<Editable, 'id' | 'caminho' | 'enderecosAntigos' | 'fotos' | 'versao'>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    nome: p.nome,
    endereco: p.endereco,
    marca: p.marca,
    categoria: p.categoria,
    resumo: p.resumo,
    descricao: p.descricao,
    ativo: p.ativo,
    seoTitulo: p.seoTitulo,
    seoDescricao: p.seoDescricao,
    especificacoes: p.especificacoes.map((e) => `${e.nome}: ${e.valor}`),
  };
  for (const f of p.acabamentos)
    Object.assign(out, {
      [`${f.sku} acabamento`]: f.acabamento,
      [`${f.sku} preço de`]: f.precoDe,
      [`${f.sku} preço por`]: f.precoPor,
      [`${f.sku} estoque`]: f.estoque,
      [`${f.sku} medidas`]: [f.pesoGramas, f.alturaCm, f.larguraCm, f.comprimentoCm],
      [`${f.sku} fiscal`]: [f.ncm, f.cest, f.origem, f.gtin],
    });
  return out;
}

/**
 * Create (`id` undefined) or change a product from the whole form, in one transaction: the product, its
 * description, its finishes, what is derived from them (price shown, stock, search words), its former
 * address kept as a redirect, and the change on the record, as `actor`'s. A refusal changes nothing.
 */
export async function saveProduct(
  db: Db,
  id: number | undefined,
  input: ProductInput,
  actor: Actor,
): Promise<{ id: number; produto: Editable }> {
  try {
    return await write(db, id, input, actor);
  } catch (error) {
    // Another save took the address or a SKU between the check and the write.
    if (isUniqueViolation(error))
      throw new PlatformError(
        409,
        'product_taken',
        'Outro produto acabou de usar este endereço ou um destes SKUs. Confira e salve de novo.',
      );
    throw error;
  }
}

/**
 * The address made from a product's name when none is given: its slug, or with `-2`, `-3`… when another
 * product has it or once had it (its old addresses still lead there).
 */
async function addressFromName(db: Db, name: string, id: number | undefined): Promise<string> {
  const base = slugify(name).slice(0, 110).replace(/-+$/, '') || 'produto';
  const [products, redirects] = await Promise.all([
    db
      .select({ slug: t.products.slug, id: t.products.id })
      .from(t.products)
      .where(sql`${t.products.slug} like ${`${base}%`}`),
    db
      .select({ slug: t.productRedirects.slug })
      .from(t.productRedirects)
      .where(sql`${t.productRedirects.slug} like ${`${base}%`}`),
  ]);
  const taken = new Set([
    ...products.filter((p) => p.id !== id).map((p) => p.slug),
    ...redirects.map((r) => r.slug),
  ]);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${String(n)}`;
    if (!taken.has(slug)) return slug;
  }
}

async function write(db: Db, id: number | undefined, given: ProductInput, actor: Actor) {
  return inTransaction(db, async (tx) => {
    const input = given.endereco ? given : { ...given, endereco: await addressFromName(tx, given.nome, id) };
    // Two saves of one product wait for each other; the second sees the first's finishes.
    if (id !== undefined) await tx.execute(sql`select 1 from ${t.products} where id = ${id} for update`);
    const current = id === undefined ? undefined : await loadEditable(tx, id);
    if (id !== undefined && !current) throw notFound('Produto não encontrado.');
    if (current && input.versao !== undefined && input.versao !== current.versao)
      throw new PlatformError(
        409,
        'stale_status',
        'Alguém salvou este produto depois que você abriu a página. Abra-o de novo para ver o que mudou: o que você digitou não foi salvo.',
      );
    const erros = await refusals(tx, id, input, current);
    if (Object.keys(erros).length > 0) throw invalidFields(erros);
    const fields: ProductFields = {
      name: input.nome,
      slug: input.endereco,
      brandId: input.marca,
      categoryId: input.categoria,
      shortDescription: input.resumo,
      active: input.ativo,
      seoTitle: input.seoTitulo,
      seoDescription: input.seoDescricao,
      nameKey: normalizeText(input.nome),
    };
    const productId = current ? current.id : await insertProduct(tx, fields);
    if (current) {
      await tx.update(t.products).set(fields).where(eq(t.products.id, productId));
      if (current.endereco !== input.endereco) {
        // The old address keeps working (a 301 to the new one); the new one stops being a redirect.
        await tx.delete(t.productRedirects).where(eq(t.productRedirects.slug, input.endereco));
        await tx
          .insert(t.productRedirects)
          .values({ slug: current.endereco, productId })
          .onConflictDoUpdate({ target: t.productRedirects.slug, set: { productId } });
      }
    }
    const description = cleanRichText(input.descricao);
    // Specifications not sent are left as they are (a new product starts with none).
    const specs = input.especificacoes ?? current?.especificacoes ?? [];
    await tx
      .insert(t.productDetails)
      .values({ productId, ean: '', description, specs, combinations: [] })
      .onConflictDoUpdate({ target: t.productDetails.productId, set: { description, specs } });
    const labels = new Map(
      (await tx.select({ slug: t.finishes.slug, label: t.finishes.label }).from(t.finishes)).map((f) => [
        f.slug,
        f.label,
      ]),
    );
    for (const [position, f] of input.acabamentos.entries()) {
      const label = labels.get(f.acabamento) ?? f.acabamento;
      const values = {
        sku: f.sku,
        finish: f.acabamento,
        finishLabel: label,
        listPrice: f.precoDe,
        price: f.precoPor,
        stock: f.estoque,
        position,
        weightGrams: f.pesoGramas,
        heightCm: f.alturaCm,
        widthCm: f.larguraCm,
        lengthCm: f.comprimentoCm,
        ...(f.ncm === undefined ? {} : { ncm: f.ncm }),
        ...(f.cest === undefined ? {} : { cest: f.cest }),
        ...(f.origem === undefined ? {} : { origin: f.origem }),
        ...(f.gtin === undefined ? {} : { gtin: f.gtin }),
      };
      if (f.id === undefined) await tx.insert(t.variants).values({ productId, ...values });
      else await tx.update(t.variants).set(values).where(eq(t.variants.id, f.id));
    }
    await refreshTotals(tx, [productId]);
    await refreshSearch(tx, [productId]);
    const saved = (await loadEditable(tx, productId)) as Editable;
    await recordChange(tx, {
      actor,
      action: current ? 'produto.alterar' : 'produto.criar',
      entity: 'produto',
      entityId: String(productId),
      before: current ? flat(current) : null,
      after: flat({ ...saved, descricao: description }),
    });
    return { id: productId, produto: saved };
  });
}

/** The product's own fields as the form sets them. */
type ProductFields = Pick<
  typeof t.products.$inferInsert,
  | 'name'
  | 'slug'
  | 'brandId'
  | 'categoryId'
  | 'shortDescription'
  | 'active'
  | 'seoTitle'
  | 'seoDescription'
  | 'nameKey'
>;

/** A new product, with nothing sold or rated yet; its price and stock come from its finishes. */
async function insertProduct(tx: Db, fields: ProductFields): Promise<number> {
  const [row] = await tx
    .insert(t.products)
    .values({
      ...fields,
      kind: await kindFor(tx, fields.categoryId),
      badgeIds: [],
      ratingAvg: 0,
      ratingCount: 0,
      sales: 0,
      createdAt: new Date(),
      listPrice: 0,
      price: 0,
      discount: 0,
      stock: 0,
      finishes: [],
      searchVector: sql`to_tsvector('portuguese', '')`,
    })
    .returning({ id: t.products.id });
  return (row as { id: number }).id;
}
