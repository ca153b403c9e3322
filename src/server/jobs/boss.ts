// One concern: the store's job queue, pg-boss on the store's own database (PostgreSQL, or the embedded
// PGlite through pg-boss's own adapter): the same queue and the same code on both.
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { Db as QueueDb, DrizzleTransactionLike } from 'pg-boss';
import type { Database, Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';

/**
 * What a process does: `all` serves the store and works the queue (`npm start`); `web` only serves (it still
 * writes jobs); `worker` only works the queue and runs the sweeps (ROLE, docs/operations.md).
 */
export type Role = 'all' | 'web' | 'worker';

export const ROLES: readonly Role[] = ['all', 'web', 'worker'];

/** Whether a process in `role` works jobs and runs the sweeps. */
export const works = (role: Role): boolean => role !== 'web';

/** The schema of the queue's tables: `pgboss`, or beside a test's own schema. */
export const queueSchema = (schemaName: string | undefined): string =>
  schemaName ? `${schemaName}_pgboss` : 'pgboss';

/**
 * How often a worker shows it is alive on a job, and how often each instance looks for jobs whose worker
 * stopped showing it (a process killed mid-job): such a job is retried by another instance within about
 * `HEARTBEAT_SECONDS + MONITOR_SECONDS`.
 */
export const HEARTBEAT_SECONDS = 10;
const MONITOR_SECONDS = 10;

/** Start the queue on the store's database; its tables are created (and migrated) on first start. */
export async function startBoss(database: Database, role: Role): Promise<PgBoss> {
  const working = works(role);
  const common = {
    supervise: working,
    schedule: working,
    monitorIntervalSeconds: MONITOR_SECONDS,
    superviseIntervalSeconds: MONITOR_SECONDS,
    cronWorkerIntervalSeconds: 5,
    instanceName: `loja-${role}`,
    openTelemetry: { enabled: false },
  };
  const { pglite, postgres } = database;
  if (!pglite && !postgres) throw new Error('the queue runs on PGlite or PostgreSQL: neither was opened');
  const boss = pglite
    ? new PgBoss({ ...common, db: fromPglite(pglite), backend: 'pglite', schema: 'pgboss' })
    : new PgBoss({
        ...common,
        connectionString: postgres?.url ?? '',
        schema: queueSchema(postgres?.schemaName),
        max: 4,
        application_name: 'loja-fila',
      });
  boss.on('error', (error: unknown) => {
    console.error(`[fila] ${errorCode(error)}: the queue tries again on its own`);
  });
  await boss.start();
  return boss;
}

/** The queue's statements run in `db`: a job sent this way is written in the caller's transaction. */
export const inSameTransaction = (db: Db): QueueDb =>
  // Drizzle's `execute` answers `unknown` through the shared database type; both drivers answer `{ rows }`.
  fromDrizzle(db as unknown as DrizzleTransactionLike, sql);
