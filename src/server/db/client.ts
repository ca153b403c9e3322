import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` (or absent) keeps everything in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL schema to create and use (isolates test runs sharing one database). */
  schemaName?: string | undefined;
  migrationsFolder?: string | undefined;
};

const DEFAULT_MIGRATIONS = path.resolve('src/server/db/migrations');

/** Thrown when another process already holds the PGlite data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** PGlite allows one process per folder: take a pid lock, refusing while its owner is alive. */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'store.lock');
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by process ${owner}. PGlite allows one process per folder: ` +
            `stop that process, set DATA_DIR to another folder, or use PostgreSQL with DATABASE_URL.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Open (and migrate) the store database: PostgreSQL when a URL is given, PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS;
  if (options.url) {
    const schemaName = options.schemaName;
    if (schemaName !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) {
      throw new Error(`Invalid schema name: ${schemaName}`);
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(schemaName ? { options: `-c search_path=${schemaName},public` } : {}),
    });
    if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder, ...(schemaName ? { migrationsSchema: schemaName } : {}) });
    return { db, kind: 'postgres', close: () => pool.end() };
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
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
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

/** Rows of a raw SQL statement: both drivers answer `{ rows }`, which the shared database type cannot express. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
