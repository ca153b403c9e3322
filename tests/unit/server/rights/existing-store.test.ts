import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MenuItem } from '#/contract/store.ts';
import * as t from '#/server/db/schema.ts';
import { PRIVACY_HTML, RETURNS_HTML } from '#/server/config/example-pages.ts';
import { startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * A store that existed before the rights (its pages and footer as the old seed wrote them): migration 0042 points
 * its returns page, privacy page and footer to where each right is exercised, and leaves what the team edited.
 */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(10);
});
afterAll(() => store.stop());

const OLD_RETURNS =
  '<p>Você tem até 7 dias corridos após o recebimento para desistir da compra, conforme o Código de Defesa do Consumidor. Solicite pelo Troque Fácil ou pela central de atendimento.</p>';
const OLD_PRIVACY =
  '<p>Tratamos seus dados pessoais de acordo com a Lei Geral de Proteção de Dados (LGPD). Usamos seus dados apenas para processar pedidos, entregar produtos e, com seu consentimento, enviar ofertas.</p>';

/** The data statements of the migration, as drizzle runs them (split at its breakpoints). */
async function dataStatements(): Promise<string[]> {
  const file = await readFile(
    new URL('../../../../src/server/db/migrations/0042_rights.sql', import.meta.url),
    'utf8',
  );
  return file
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(--[^\n]*\n)*UPDATE/.test(s));
}

test('the old texts and footer are updated; an edited page is left alone; running twice changes nothing more', async () => {
  const db = store.database.db;
  const [help] = await db.select().from(t.menus).where(eq(t.menus.hash, 'footer-ajuda'));
  const oldItems = (help?.items as MenuItem[]).filter((i) => i.link !== '/minha-conta/pedidos');
  await db.update(t.menus).set({ items: oldItems }).where(eq(t.menus.hash, 'footer-ajuda'));
  await db.update(t.pages).set({ html: OLD_RETURNS }).where(eq(t.pages.slug, 'trocas-e-devolucoes'));
  await db
    .update(t.pages)
    .set({ html: '<p>Texto nosso.</p>' })
    .where(eq(t.pages.slug, 'politica-de-privacidade'));

  const statements = await dataStatements();
  expect(statements).toHaveLength(3);
  for (let run = 0; run < 2; run++) for (const s of statements) await db.execute(sql.raw(s));

  const pages = await db.select().from(t.pages);
  expect(pages.find((p) => p.slug === 'trocas-e-devolucoes')?.html).toBe(RETURNS_HTML);
  expect(pages.find((p) => p.slug === 'politica-de-privacidade')?.html).toBe('<p>Texto nosso.</p>');
  const [after] = await db.select().from(t.menus).where(eq(t.menus.hash, 'footer-ajuda'));
  const labels = (after?.items as MenuItem[]).map((i) => i.label);
  expect(labels.slice(-2)).toEqual(['Desistir de uma compra', 'Troque Fácil']);
  expect(labels.filter((l) => l === 'Desistir de uma compra')).toHaveLength(1);

  await db.update(t.pages).set({ html: OLD_PRIVACY }).where(eq(t.pages.slug, 'politica-de-privacidade'));
  for (const s of statements) await db.execute(sql.raw(s));
  const [privacy] = await db.select().from(t.pages).where(eq(t.pages.slug, 'politica-de-privacidade'));
  expect(privacy?.html).toBe(PRIVACY_HTML);
});
