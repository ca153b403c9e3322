// One concern: the store's sweeps (payments, NF-e, tracking, reminders, expiry, purge) as scheduled jobs:
// pg-boss files each occurrence once across every instance, one worker runs it, and `sweep_runs` keeps the
// last run and its outcome for the panel, so a sweep that stopped is seen, not silent.
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';

export type Sweep = {
  /** The queue's name, and the sweep's in `sweep_runs` (`varredura-pix`…). */
  name: string;
  /** What it does, for the panel ("Lê de novo as cobranças Pix abertas"). */
  title: string;
  /** When it runs: a five-field cron in UTC (pg-boss runs a minute at the finest). */
  cron: string;
  /** The period the cron gives, for the panel's "atrasada" (no run for three periods). */
  everyMs: number;
  /**
   * One run: what it did in words for the panel ('' when nothing), or `undefined` when it had nothing to
   * run on (its provider is off), which is recorded as a run too.
   */
  run: () => Promise<string | undefined>;
};

async function record(db: Db, name: string, work: () => Promise<string | undefined>): Promise<void> {
  const startedAt = new Date();
  await db
    .insert(t.sweepRuns)
    .values({ name, startedAt, runs: 1 })
    .onConflictDoUpdate({
      target: t.sweepRuns.name,
      set: { startedAt, finishedAt: null, runs: sql`${t.sweepRuns.runs} + 1` },
    });
  try {
    const did = await work();
    const said = did ?? 'Sem provedor ligado: nada a fazer.';
    await db
      .update(t.sweepRuns)
      .set({ finishedAt: new Date(), said, error: null })
      .where(eq(t.sweepRuns.name, name));
    if (did) console.log(`[${name}] ${did}`);
  } catch (error) {
    const why = errorCode(error);
    console.error(`[${name}] failed (${why}); runs again at its next time`);
    await db
      .update(t.sweepRuns)
      .set({ finishedAt: new Date(), error: `Falhou (${why}).`, failedAt: new Date() })
      .where(eq(t.sweepRuns.name, name))
      .catch(() => undefined);
  }
}

/**
 * Put each sweep on the queue's schedule and, with `work`, run it here when its time comes. A run that
 * fails is recorded and waits for the next time (no retry: the next occurrence is the retry).
 */
export async function startSweeps(
  boss: PgBoss,
  db: Db,
  sweeps: readonly Sweep[],
  work: boolean,
): Promise<void> {
  for (const sweep of sweeps) {
    // Stately: at most one waiting and one running, so a slow run never piles occurrences up.
    await boss.createQueue(sweep.name, {
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: Math.max(60, Math.round(sweep.everyMs / 1000)),
      deleteAfterSeconds: 86_400,
    });
    if (!work) continue;
    // `missed: 'once'`: an occurrence that came due while every instance was down (a deploy) runs once
    // at the first pass after, instead of waiting for the next one.
    await boss.schedule(sweep.name, sweep.cron, null, { tz: 'UTC', missed: 'once' });
    await boss.work(sweep.name, { pollingIntervalSeconds: 2 }, async () => {
      await record(db, sweep.name, sweep.run);
    });
  }
}

export type SweepState = {
  name: string;
  title: string;
  everyMs: number;
  startedAt: Date | undefined;
  finishedAt: Date | undefined;
  said: string;
  error: string | undefined;
  failedAt: Date | undefined;
  runs: number;
};

/** Each sweep with its last run (none yet: never ran). */
export async function sweepStates(db: Db, sweeps: readonly Sweep[]): Promise<SweepState[]> {
  const rows = await db.select().from(t.sweepRuns);
  const byName = new Map(rows.map((r) => [r.name, r]));
  return sweeps.map(({ name, title, everyMs }) => {
    const row = byName.get(name);
    return {
      name,
      title,
      everyMs,
      startedAt: row?.startedAt,
      finishedAt: row?.finishedAt ?? undefined,
      said: row?.said ?? '',
      error: row?.error ?? undefined,
      failedAt: row?.failedAt ?? undefined,
      runs: row?.runs ?? 0,
    };
  });
}
