// One concern: the home's showcases as the team arranges them (contract/showcases.ts): which, in what order,
// with what title; each change in the activity trail.
import { asc, eq, sql } from 'drizzle-orm';
import { SHOWCASE_RULES } from '#/contract/showcases.ts';
import type { ShowcasesAnswer, ShowcasesSave } from '#/contract/showcases.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { invalidFields } from '#/server/errors.ts';
import { historyOf } from './audit.ts';

type Row = typeof t.showcases.$inferSelect;

/** Those on the home in their order, then the others by title. */
const ordered = (rows: Row[]) => [
  ...rows
    .filter((r) => r.homePosition !== null)
    .sort((a, b) => (a.homePosition ?? 0) - (b.homePosition ?? 0)),
  ...rows.filter((r) => r.homePosition === null).sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
];

export async function readShowcases(db: Db): Promise<ShowcasesAnswer> {
  const [rows, historico] = await Promise.all([
    db.select().from(t.showcases).orderBy(asc(t.showcases.id)),
    historyOf(db, [{ entity: 'vitrine', ids: ['inicial'] }], 20),
  ]);
  return {
    vitrines: ordered(rows).map((r) => ({
      hash: r.hash,
      titulo: r.title,
      mostra: r.rule
        ? SHOWCASE_RULES[r.rule]
        : `${String(r.productIds.length)} ${r.productIds.length === 1 ? 'produto escolhido' : 'produtos escolhidos'}`,
      naInicial: r.homePosition !== null,
    })),
    historico,
  };
}

/** The home as the trail reads it: its showcases' titles in order. */
const homeOf = (rows: Row[]) => ({
  vitrines: ordered(rows)
    .filter((r) => r.homePosition !== null)
    .map((r) => r.title)
    .join(' · '),
});

/** Save titles, which are on the home and their order (the list's); a showcase not sent keeps its place. */
export async function saveShowcases(tx: Db, input: ShowcasesSave) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loja:vitrines'))`);
  const rows = await tx.select().from(t.showcases);
  const known = new Set(rows.map((r) => r.hash));
  const unknown = input.vitrines.findIndex((v) => !known.has(v.hash));
  if (unknown >= 0) throw invalidFields({ [`vitrines.${String(unknown)}.hash`]: 'Vitrine não encontrada.' });
  let position = 0;
  for (const v of input.vitrines)
    await tx
      .update(t.showcases)
      .set({ title: v.titulo.trim(), homePosition: v.naInicial ? position++ : null })
      .where(eq(t.showcases.hash, v.hash));
  const after = await tx.select().from(t.showcases);
  const [b, a] = [homeOf(rows), homeOf(after)];
  const titles = (list: Row[]) => Object.fromEntries(list.map((r) => [r.hash, r.title]));
  const changed =
    JSON.stringify(b) !== JSON.stringify(a) || JSON.stringify(titles(rows)) !== JSON.stringify(titles(after));
  return changed ? { before: b, after: a } : undefined;
}
