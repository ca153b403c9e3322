import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { toMarca } from '#/server/catalog/products.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';

export const brands = new Hono<PlatformEnv>();

/** Every brand, alphabetically (all are active; `ativo=true` is accepted and changes nothing). */
brands.get('/', async (c) => {
  const taxonomy = await getTaxonomy(c.get('config').db);
  return c.json({ marcas: taxonomy.brands.map((b) => toMarca(c.get('origin'), b)) });
});
