import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import {
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE,
  photoMoveSchema,
  productInputSchema,
  staffProductQuerySchema,
} from '#/contract/staff-products.ts';
import type { StaffProduct } from '#/contract/staff-products.ts';
import { wholeNumber } from '#/contract/common.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, invalidFields, notFound, PlatformError } from '#/server/errors.ts';
import { loadEditable, saveProduct } from '#/server/catalog/editor.ts';
import { productOptions } from '#/server/catalog/product-options.ts';
import { addPhoto, movePhoto, removePhoto } from '#/server/catalog/photos.ts';
import { listStaffProducts } from '#/server/catalog/staff-products.ts';
import type { Db } from '#/server/db/client.ts';
import { historyOf } from '#/server/staff/audit.ts';

/**
 * The team's products (owners and `catalogo`): the list (`GET /v2/admin/products`) by name or SKU, brand,
 * category, only the sold out, 25 a page; one product whole (`GET /{id}`), changed whole (`PUT /{id}`) or
 * created (`POST /`), with what the form offers (`GET /options`). Each change is on the record.
 */
export const staffProducts = new Hono<PlatformEnv>();

staffProducts.get(
  '/',
  zValidator('query', staffProductQuerySchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Consulta inválida.');
  }),
  async (c) => c.json(await listStaffProducts(c.get('config').db, c.req.valid('query'))),
);

staffProducts.get('/options', async (c) => c.json(await productOptions(c.get('config').db)));

const productId = wholeNumber('id', { min: 1 });

/** The product a path names; anything but a whole number in range is no product. */
function idOf(raw: string): number {
  const parsed = productId.safeParse(raw);
  if (!parsed.success) throw notFound('Produto não encontrado.');
  return parsed.data;
}

/** A product form's body, each refusal under its field's path (`acabamentos.0.sku`). */
const productBody = zValidator('json', productInputSchema, (result) => {
  if (result.success) return;
  const erros: Record<string, string> = {};
  for (const issue of (result.error as z.ZodError).issues)
    erros[issue.path.map(String).join('.') || 'formulario'] ??= issue.message;
  throw invalidFields(erros);
});

/** One product as the editor shows it: the product, what the form offers, and its newest changes. */
async function editorAnswer(db: Db, produto: StaffProduct['produto']): Promise<StaffProduct> {
  const skus = produto.acabamentos.map((f) => f.sku);
  const [options, historico] = await Promise.all([
    productOptions(db),
    historyOf(
      db,
      [
        { entity: 'produto', ids: [String(produto.id), ...skus] },
        { entity: 'estoque', ids: skus },
      ],
      HISTORY_ROWS,
    ),
  ]);
  return { produto, ...options, historico };
}
const HISTORY_ROWS = 30;

staffProducts.get('/:id', async (c) => {
  const { db } = c.get('config');
  const produto = await loadEditable(db, idOf(c.req.param('id')));
  if (!produto) throw notFound('Produto não encontrado.');
  return c.json(await editorAnswer(db, produto));
});

staffProducts.put('/:id', productBody, async (c) => {
  const { db } = c.get('config');
  const saved = await saveProduct(db, idOf(c.req.param('id')), c.req.valid('json'), c.get('actor'));
  return c.json(await editorAnswer(db, saved.produto));
});

staffProducts.post('/', productBody, async (c) => {
  const { db } = c.get('config');
  const saved = await saveProduct(db, undefined, c.req.valid('json'), c.get('actor'));
  return c.json(await editorAnswer(db, saved.produto), 201);
});

/** The product as the editor shows it after one of its photos changed (it exists: the change locked it). */
const photosChanged = async (db: Db, id: number) =>
  editorAnswer(db, (await loadEditable(db, id)) as StaffProduct['produto']);

/** A photo's id in a path: the 24 hex digits of its content's hash. */
function photoOf(raw: string): string {
  if (!/^[0-9a-f]{24}$/.test(raw)) throw notFound('Foto não encontrada neste produto.');
  return raw;
}

staffProducts.post(
  '/:id/photos',
  bodyLimit({
    maxSize: PHOTO_MAX_BYTES,
    onError: () => {
      throw new PlatformError(413, 'payload_too_large', PHOTO_TOO_LARGE);
    },
  }),
  async (c) => {
    const { db } = c.get('config');
    const id = idOf(c.req.param('id'));
    await addPhoto(db, id, new Uint8Array(await c.req.arrayBuffer()), c.get('actor'));
    return c.json(await photosChanged(db, id), 201);
  },
);

staffProducts.put(
  '/:id/photos/:photo',
  zValidator('json', photoMoveSchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Movimento inválido.');
  }),
  async (c) => {
    const { db } = c.get('config');
    const id = idOf(c.req.param('id'));
    await movePhoto(db, id, photoOf(c.req.param('photo')), c.req.valid('json').mover, c.get('actor'));
    return c.json(await photosChanged(db, id));
  },
);

staffProducts.delete('/:id/photos/:photo', async (c) => {
  const { db } = c.get('config');
  const id = idOf(c.req.param('id'));
  await removePhoto(db, id, photoOf(c.req.param('photo')), c.get('actor'));
  return c.json(await photosChanged(db, id));
});
