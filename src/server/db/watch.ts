import pg from 'pg';
import type { DatabaseHealth } from './health.ts';
import { errorCode } from './health.ts';

/** The channel the catalogue's triggers notify (migration 0007): the payload is `schema.table`. */
export const CHANGES_CHANNEL = 'loja_mudancas';

/** `'*'`: anything may have changed (the watcher was disconnected and may have missed notices). */
export type ChangeHandler = (table: string) => void;

const HEARTBEAT_MS = 1000;
const RECONNECT_MS = 500;

/**
 * One dedicated PostgreSQL connection per instance that LISTENs for catalogue changes and, once a second,
 * proves the database answers: its failure marks the database down (pages get 503 at once), its return
 * marks it up and reports `'*'`, since changes may have been missed meanwhile. It never ends the process.
 */
export function watchPostgres(options: {
  connectionString: string;
  schemaName?: string | undefined;
  health: DatabaseHealth;
  onChange: ChangeHandler;
}): { close: () => Promise<void> } {
  const { health, onChange } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;

  const schedule = (fn: () => void, ms: number) => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
    timer.unref();
  };

  const drop = (reason: unknown) => {
    health.markDown(errorCode(reason));
    const old = client;
    client = undefined;
    old?.removeAllListeners('notification');
    // A silent network would keep end() waiting: the socket is dropped, not closed politely.
    (
      old as unknown as { connection?: { stream?: { destroy: () => void } } } | undefined
    )?.connection?.stream?.destroy();
    schedule(connect, RECONNECT_MS);
  };

  const heartbeat = () => {
    const current = client;
    if (!current) return;
    current.query('SELECT 1').then(
      () => {
        health.markUp();
        schedule(heartbeat, HEARTBEAT_MS);
      },
      (error: unknown) => {
        if (current === client) drop(error);
      },
    );
  };

  const connect = () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 1000,
      query_timeout: 1500,
    });
    next.on('error', (error) => {
      if (next === client) drop(error);
    });
    next.on('notification', (message) => {
      const [schema = '', table = ''] = (message.payload ?? '').split('.');
      if (options.schemaName && schema !== options.schemaName) return;
      onChange(table || '*');
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(() => {
        if (closed) {
          void next.end().catch(() => undefined);
          return;
        }
        client = next;
        health.markUp();
        if (connectedOnce) onChange('*');
        connectedOnce = true;
        schedule(heartbeat, HEARTBEAT_MS);
      })
      .catch((error: unknown) => {
        (
          next as unknown as { connection?: { stream?: { destroy: () => void } } }
        ).connection?.stream?.destroy();
        health.markDown(errorCode(error));
        schedule(connect, RECONNECT_MS);
      });
  };

  connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      if (last) await Promise.race([last.end().catch(() => undefined), delay(1000)]);
    },
  };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
