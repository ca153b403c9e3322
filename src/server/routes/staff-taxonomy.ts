import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import {
  brandCreateSchema,
  brandUpdateSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  finishCreateSchema,
  finishUpdateSchema,
} from '#/contract/staff-taxonomy.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound, refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import {
  createBrand,
  createCategory,
  createFinish,
  listTaxonomy,
  updateBrand,
  updateCategory,
  updateFinish,
} from '#/server/catalog/staff-taxonomy.ts';
import { recorded } from '#/server/staff/audit.ts';
import { clearListingCaches } from '#/server/catalog/caches.ts';
import { forgetTaxonomy } from '#/server/catalog/taxonomy.ts';

/**
 * Brands and categories (`/v2/admin/taxonomy`: owners and the catalogue's members): the list, a new one, a
 * new name, hidden or shown; every change in the record. The storefront follows within a second (the
 * brands and categories tables notify, changes.ts).
 */
export const staffTaxonomy = new Hono<PlatformEnv>();
staffTaxonomy.use(allow('catalogo'));

const refuse = refuseByField('Dados inválidos.');
const idOf = (text: string, missing: string) => {
  if (!/^\d{1,9}$/.test(text)) throw notFound(missing);
  return Number(text);
};
const shown = (row: { name: string; hidden: boolean }) => ({ nome: row.name, oculta: row.hidden });

/**
 * This instance's caches drop at once after a change (every instance also hears the tables' notice,
 * changes.ts): the team's next look at the storefront already shows it.
 */
staffTaxonomy.use(async (c, next) => {
  await next();
  if (c.req.method !== 'GET' && c.res.status < 300) {
    const { db } = c.get('config');
    forgetTaxonomy(db);
    clearListingCaches(db);
  }
});

staffTaxonomy.get('/', async (c) => c.json(await listTaxonomy(c.get('config').db)));

staffTaxonomy.post('/brands', zValidator('json', brandCreateSchema, refuse), async (c) => {
  const made = await recorded(
    c.get('config').db,
    (tx) => createBrand(tx, c.req.valid('json').nome),
    (brand) => ({
      actor: c.get('actor'),
      action: 'marca.criar',
      entity: 'marca',
      entityId: String(brand.id),
      before: null,
      after: shown(brand),
    }),
  );
  return c.json({ sucesso: true, mensagem: `Marca "${made.name}" criada.` }, 201);
});

staffTaxonomy.put('/brands/:id', zValidator('json', brandUpdateSchema, refuse), async (c) => {
  const id = idOf(c.req.param('id'), 'Marca não encontrada.');
  const { after } = await recorded(
    c.get('config').db,
    (tx) => updateBrand(tx, id, c.req.valid('json')),
    (change) => ({
      actor: c.get('actor'),
      action: 'marca.alterar',
      entity: 'marca',
      entityId: String(id),
      before: shown(change.before),
      after: shown(change.after),
    }),
  );
  return c.json({ sucesso: true, mensagem: `Marca "${after.name}" ${after.hidden ? 'oculta' : 'salva'}.` });
});

staffTaxonomy.post('/categories', zValidator('json', categoryCreateSchema, refuse), async (c) => {
  const { nome, pai } = c.req.valid('json');
  const made = await recorded(
    c.get('config').db,
    (tx) => createCategory(tx, nome, pai),
    (category) => ({
      actor: c.get('actor'),
      action: 'categoria.criar',
      entity: 'categoria',
      entityId: String(category.id),
      before: null,
      after: { ...shown(category), endereco: category.path },
    }),
  );
  return c.json({ sucesso: true, mensagem: `Categoria "${made.name}" criada em ${made.path}.` }, 201);
});

staffTaxonomy.put('/categories/:id', zValidator('json', categoryUpdateSchema, refuse), async (c) => {
  const id = idOf(c.req.param('id'), 'Categoria não encontrada.');
  const { after } = await recorded(
    c.get('config').db,
    (tx) => updateCategory(tx, id, c.req.valid('json')),
    (change) => ({
      actor: c.get('actor'),
      action: 'categoria.alterar',
      entity: 'categoria',
      entityId: String(id),
      before: shown(change.before),
      after: shown(change.after),
    }),
  );
  return c.json({
    sucesso: true,
    mensagem: `Categoria "${after.name}" ${after.hidden ? 'oculta' : 'salva'}.`,
  });
});

const finishShown = (row: { label: string; color: string; hidden: boolean }) => ({
  nome: row.label,
  cor: row.color,
  oculta: row.hidden,
});

staffTaxonomy.post('/finishes', zValidator('json', finishCreateSchema, refuse), async (c) => {
  const { nome, cor } = c.req.valid('json');
  const made = await recorded(
    c.get('config').db,
    (tx) => createFinish(tx, nome, cor),
    (finish) => ({
      actor: c.get('actor'),
      action: 'acabamento.criar',
      entity: 'acabamento',
      entityId: finish.slug,
      before: null,
      after: finishShown(finish),
    }),
  );
  return c.json({ sucesso: true, mensagem: `Acabamento "${made.label}" criado.` }, 201);
});

staffTaxonomy.put('/finishes/:slug', zValidator('json', finishUpdateSchema, refuse), async (c) => {
  const slug = c.req.param('slug');
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) throw notFound('Acabamento não encontrado.');
  const { after } = await recorded(
    c.get('config').db,
    (tx) => updateFinish(tx, slug, c.req.valid('json')),
    (change) => ({
      actor: c.get('actor'),
      action: 'acabamento.alterar',
      entity: 'acabamento',
      entityId: slug,
      before: finishShown(change.before),
      after: finishShown(change.after),
    }),
  );
  return c.json({
    sucesso: true,
    mensagem: `Acabamento "${after.label}" ${after.hidden ? 'oculto' : 'salvo'}.`,
  });
});
