// One concern: the database client, PGlite or PostgreSQL, with its fault handling and migrations.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir.ts';
import { DatabaseHealth, errorCode, isConnectionLoss, isUnavailable } from './health.ts';
import * as schema from './schema.ts';
import { CHANGES_CHANNEL, watchPostgres } from './watch.ts';
import type { ChangeHandler } from './watch.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * Run `work` in one transaction, handing it the transaction as a Db (Drizzle types the transaction
 * apart from the database, though it takes every query the database does). Committed when `work`
 * resolves, rolled back when it throws.
 */
export const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((transaction) => work(transaction as unknown as Db));

/** Whether `db` is a transaction already (a write inside it then needs no transaction of its own). */
export const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/**
 * Queries awaited one after the other (Drizzle's queries start when awaited), for code that also runs inside
 * a transaction: its one connection takes one query at a time (pg deprecates queuing them).
 */
export async function inOrder<T extends readonly unknown[]>(
  ...queries: { [K in keyof T]: PromiseLike<T[K]> }
): Promise<T> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as unknown as T;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database answers (PGlite, in this process, always does). */
  health: DatabaseHealth;
  /** The PostgreSQL pool (shared rate-limit counters live there); absent on PGlite. */
  pool?: pg.Pool;
  /** PostgreSQL: how to reach it and the schema the store's tables are in (the job queue opens its own pool). */
  postgres?: { url: string; schemaName?: string | undefined };
  /** PGlite: the one in-process connection (the job queue runs on it too). */
  pglite?: PGlite;
  /** Be told when the catalogue or the settings change, whichever instance changed them (watch.ts). */
  watch: (onChange: ChangeHandler) => Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tarball, to start another one from (`loadDataDir`). */
  dump?: () => Promise<Blob | File>;
  /** Close the connections; a stuck pool is abandoned after a deadline so shutdown always ends. */
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` (or absent) keeps everything in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL schema to create and use (isolates test runs sharing one database). */
  schemaName?: string | undefined;
  migrationsFolder?: string | undefined;
  /** PGlite only: start from this dump (`Database.dump`) instead of an empty database. */
  loadDataDir?: Blob | File | undefined;
  /**
   * Longest a statement may run on PostgreSQL (server side, and on the client for a silent network);
   * 0 = no limit (seeding a large catalogue). Serving code keeps the default.
   */
  statementTimeoutMs?: number | undefined;
};

/** Serving statements are short: one that takes longer is a database in trouble, answered with 503. */
export const STATEMENT_TIMEOUT_MS = 5000;
const POOL_SIZE = 10;
/** pg_advisory_lock keys: migrating, seeding an empty database (boot.ts), purging (housekeeping.ts). */
export const MIGRATION_LOCK = 7_001;
export const SEED_LOCK = 7_002;
export const PURGE_LOCK = 7_003;
const CLOSE_DEADLINE_MS = 3000;

/**
 * node-postgres's pool with the faults made visible: a lost connection marks the database down, and a
 * client whose query failed that way is destroyed on release instead of going back to the pool (a client
 * whose query timed out would otherwise queue every later query behind the one that never answers).
 */
function createPool(config: pg.PoolConfig, health: DatabaseHealth): pg.Pool {
  const pool = new pg.Pool(config);
  const observe = (error: unknown) => {
    if (isConnectionLoss(error)) health.markDown(errorCode(error));
  };
  // An idle client's socket error must never end the process.
  pool.on('error', (error) => {
    if (isConnectionLoss(error)) health.markDown(errorCode(error));
    else console.error(`[database] idle client error (${errorCode(error)})`);
  });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) result.catch(observe);
      return result;
    },
  });
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>;
  Object.assign(pool, {
    // pool.query() itself connects with a callback and releases with the error: left as it is.
    connect: async (...args: unknown[]) => {
      if (args.length > 0) return connect(...args);
      const client = await connect().catch((error: unknown) => {
        observe(error);
        throw error;
      });
      let broken = false;
      // A checked-out client has no listener of the pool's: a backend terminated while it is out (a
      // transaction, a lock held, idle in a transaction) would emit an 'error' nobody hears, and an
      // unheard 'error' event ends the process. Heard here, the client is destroyed on release.
      const onError = (error: Error) => {
        broken = true;
        observe(error);
      };
      client.on('error', onError);
      const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
      const release = client.release.bind(client);
      Object.assign(client, {
        query: (...args: unknown[]) => {
          const result = clientQuery(...args);
          if (result instanceof Promise)
            result.catch((error: unknown) => {
              if (isUnavailable(error)) broken = true;
              observe(error);
            });
          return result;
        },
        release: (error?: Error | boolean) => {
          client.removeListener('error', onError);
          release(error ?? (broken ? new Error('connection lost during a transaction') : undefined));
        },
      });
      return client;
    },
  });
  return pool;
}

const DEFAULT_MIGRATIONS = path.resolve('src/server/db/migrations');

/** Open (and migrate) the store database: PostgreSQL when a URL is given, PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS;
  if (options.url) {
    const schemaName = options.schemaName;
    if (schemaName !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) {
      throw new Error(`Invalid schema name: ${schemaName}`);
    }
    const timeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
    const health = new DatabaseHealth();
    const url = options.url;
    const pool = createPool(
      {
        connectionString: url,
        max: POOL_SIZE,
        // A database that does not answer is known within a second or two, never waited on for minutes.
        connectionTimeoutMillis: 2000,
        idleTimeoutMillis: 30_000,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        ...(timeout > 0 ? { statement_timeout: timeout, query_timeout: timeout + 1000 } : {}),
        ...(schemaName ? { options: `-c search_path=${schemaName},public` } : {}),
      },
      health,
    );
    try {
      const db = drizzlePg(pool, { schema });
      // Instances starting together on a new database migrate one after the other.
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
        await migratePg(db, { migrationsFolder, ...(schemaName ? { migrationsSchema: schemaName } : {}) });
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
      const watchers = new Set<{ close: () => Promise<void> }>();
      return {
        db,
        kind: 'postgres',
        health,
        pool,
        postgres: { url, schemaName },
        watch: (onChange) => {
          const watcher = watchPostgres({ connectionString: url, schemaName, health, onChange });
          watchers.add(watcher);
          return Promise.resolve(() => {
            watchers.delete(watcher);
            return watcher.close();
          });
        },
        close: async () => {
          await Promise.all([...watchers].map((w) => w.close()));
          await withDeadline(pool.end(), CLOSE_DEADLINE_MS, 'the pool did not close in time');
        },
      };
    } catch (error) {
      await withDeadline(pool.end(), CLOSE_DEADLINE_MS, '').catch(() => undefined);
      throw error;
    }
  }
  const dataDir =
    options.dataDir && options.dataDir !== 'memory://' ? path.resolve(options.dataDir) : undefined;
  const unlock = dataDir
    ? lockDataDir(dataDir)
    : () => {
        /* an in-memory database has no folder to unlock */
      };
  try {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      health: new DatabaseHealth(),
      pglite: client,
      dump: () => client.dumpDataDir('none'),
      watch: async (onChange) => {
        const stop = await client.listen(CHANGES_CHANNEL, (payload) => {
          onChange(payload.split('.')[1] ?? '*');
        });
        return stop;
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Wait for `work`, but no longer than `ms` (then log `abandon` and go on). */
async function withDeadline(work: Promise<unknown>, ms: number, abandon: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      resolve('late');
    }, ms);
  });
  const outcome = await Promise.race([work.then(() => 'done' as const), deadline]);
  clearTimeout(timer);
  if (outcome === 'late' && abandon) console.error(`[database] ${abandon} (${String(ms)} ms): abandoned`);
}

/** Rows of a raw SQL statement: both drivers answer `{ rows }`, which the shared database type cannot express. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
