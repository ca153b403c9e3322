import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#/server/db/client.ts';
import type { Database } from '#/server/db/client.ts';

/**
 * PostgreSQL going away under clients the store holds: a transaction in progress, a client idle in a
 * transaction, an advisory lock kept by a sweep. Every backend is terminated (what a restart or a
 * failover does); the process must hear it (an 'error' event nobody listens to ends a Node process),
 * mark the database down, throw the broken clients away and answer again once it is back.
 */
const postgres = process.env['TEST_DB'] === 'postgres';
const url = process.env['TEST_DATABASE_URL'] ?? '';
const schemaName = `f_${randomBytes(6).toString('hex')}`;

describe.skipIf(!postgres)('PostgreSQL terminating the backends of checked-out clients', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url, schemaName });
  });
  afterAll(async () => {
    await database.pool?.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`).catch(() => undefined);
    await database.close();
  });

  it('no error goes unheard; the broken clients are dropped and the next queries work', async () => {
    const pool = database.pool as pg.Pool;
    const unheard: unknown[] = [];
    const onUncaught = (error: unknown) => unheard.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // One client idle in a transaction, one holding an advisory lock.
      const idle = await pool.connect();
      await idle.query('BEGIN');
      await idle.query('SELECT 1');
      const locked = await pool.connect();
      await locked.query('SELECT pg_advisory_lock(424242)');
      const pidOf = async (client: pg.PoolClient) =>
        (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const pids = [await pidOf(idle), await pidOf(locked)];
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
      await admin.end();
      // The server's notice arrives on the idle sockets: give it time to be (un)heard.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(unheard).toEqual([]);
      expect(database.health.up).toBe(false);
      idle.release();
      locked.release();
      // The broken clients were destroyed, not pooled: a transaction runs on a fresh connection.
      const result = await database.db.transaction(async (tx) => tx.execute('SELECT 1 AS one'));
      expect(result).toBeTruthy();
      expect(pool.totalCount).toBeLessThanOrEqual(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
