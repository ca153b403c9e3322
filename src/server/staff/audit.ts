// One concern: the record of what the store's team changed (who, when, what, before → after).
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ACTIVITY_EXPORT_MAX } from '#/contract/activity.ts';
import type { ActivityQuery, Atividade, Entidade } from '#/contract/activity.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { brasiliaDay } from '#/server/lib/dates.ts';
import { likeLiteral } from '#/server/lib/text.ts';
import { ACTION_LABELS } from './activity-actions.ts';
import { changesOf, namesFor } from './activity-text.ts';
import { actorNames } from './members.ts';

/** Who acts on the staff API: the automation token, or a member of the team (back-office session). */
export type Actor = 'token' | `equipe:${number}`;
export const memberActor = (id: number): Actor => `equipe:${String(id)}` as Actor;

export type Change = {
  actor: Actor;
  action: string;
  entity: Entidade;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Keep one change; only the fields that differ are kept on each side (all of them for a creation). */
export async function recordChange(db: Db, change: Change): Promise<void> {
  const { before, after } = change;
  const changed = before && after ? Object.keys(after).filter((k) => !same(before[k], after[k])) : undefined;
  const pick = (side: Record<string, unknown> | null) =>
    side && changed ? Object.fromEntries(changed.map((k) => [k, side[k] ?? null])) : side;
  await db.insert(t.auditLog).values({ ...change, before: pick(before), after: pick(after) });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Make a change and keep its record as one unit: `work` runs in a transaction and its record is written in
 * the same one, so a change is never without its record, nor a record without its change. `describe`
 * answers undefined when `work` changed nothing.
 */
export function recorded<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  describe: (result: T) => Change | undefined,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const result = await work(tx);
    const change = describe(result);
    if (change) await recordChange(tx, change);
    return result;
  });
}

/** What the activity is filtered by (every filter optional). */
type ActivityFilters = Partial<Omit<ActivityQuery, 'offset' | 'limit'>>;

/** The changes the filters keep: a kind of thing, one thing, who, part of an id, days (Brasília). */
function activityWhere(query: ActivityFilters): SQL | undefined {
  const day = (d: string, plus = 0) => brasiliaDay(d, plus).toISOString().replace('Z', '');
  return and(
    query.entidade ? eq(t.auditLog.entity, query.entidade) : undefined,
    query.id ? eq(t.auditLog.entityId, query.id) : undefined,
    query.autor ? eq(t.auditLog.actor, query.autor) : undefined,
    query.q ? ilike(t.auditLog.entityId, `%${likeLiteral(query.q)}%`) : undefined,
    query.de ? sql`${t.auditLog.at} >= ${day(query.de)}::timestamp` : undefined,
    query.ate ? sql`${t.auditLog.at} < ${day(query.ate, 1)}::timestamp` : undefined,
  );
}

/** The team's changes, newest first, under the filters. */
export async function listActivity(
  db: Db,
  query: ActivityFilters & Pick<ActivityQuery, 'offset' | 'limit'>,
): Promise<{ atividades: Atividade[]; total: number }> {
  const where = activityWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t.auditLog)
      .where(where)
      .orderBy(desc(t.auditLog.at), desc(t.auditLog.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: count() }).from(t.auditLog).where(where),
  ]);
  return { atividades: await named(db, rows), total: total?.n ?? 0 };
}

/** Every change under the filters (newest first, at most ACTIVITY_EXPORT_MAX), for the spreadsheet. */
export async function exportActivity(
  db: Db,
  query: ActivityFilters,
): Promise<{ atividades: Atividade[]; truncado: boolean }> {
  const rows = await db
    .select()
    .from(t.auditLog)
    .where(activityWhere(query))
    .orderBy(desc(t.auditLog.at), desc(t.auditLog.id))
    .limit(ACTIVITY_EXPORT_MAX + 1);
  const kept = rows.slice(0, ACTIVITY_EXPORT_MAX);
  return { atividades: await named(db, kept), truncado: rows.length > ACTIVITY_EXPORT_MAX };
}

/**
 * The newest changes to any of these things (a product by its id, and its finishes by SKU: the sheet and
 * the stock page record those), newest first.
 */
export async function historyOf(
  db: Db,
  things: { entity: Entidade; ids: string[] }[],
  limit: number,
): Promise<Atividade[]> {
  const rows = await db
    .select()
    .from(t.auditLog)
    .where(
      or(...things.map((x) => and(eq(t.auditLog.entity, x.entity), inArray(t.auditLog.entityId, x.ids)))),
    )
    .orderBy(desc(t.auditLog.at), desc(t.auditLog.id))
    .limit(limit);
  return named(db, rows);
}

/** Records as the team reads them, each with its author's name. */
async function named(db: Db, rows: (typeof t.auditLog.$inferSelect)[]): Promise<Atividade[]> {
  const [nameOf, names] = await Promise.all([
    actorNames(
      db,
      rows.map((r) => r.actor),
    ),
    namesFor(db, rows),
  ]);
  return rows.map((r) => ({
    id: r.id,
    autor: r.actor,
    autorNome: nameOf(r.actor),
    acao: r.action,
    entidade: r.entity as Entidade,
    idEntidade: r.entityId,
    antes: r.before,
    depois: r.after,
    acaoNome: ACTION_LABELS[r.action] ?? r.action,
    mudancas: changesOf(r.before, r.after, names),
    data: r.at.toISOString(),
  }));
}
