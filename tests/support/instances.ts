import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Production instances of the built store (scripts/serve.mjs on dist/), databases made for them and a
 * TCP proxy that can cut them off from PostgreSQL: what the operations tests and `npm run soak` drive.
 */

/** The PostgreSQL the machine runs, when one answers (the same one .ci/run finds). */
export const POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? '';
/** The Redis the machine runs, when one answers (.ci/run sets REDIS_URL as it does TEST_DATABASE_URL). */
export const REDIS_URL = process.env['REDIS_URL'] ?? '';

export type Instance = {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the instance printed so far. */
  output: () => string;
  /** The exit code once it has exited. */
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Start the built store with `env` (DATA_DIR defaults to a new folder) and wait until `/saude` says 200. */
export async function startInstance(
  env: Record<string, string>,
  options: { waitHealthy?: boolean; timeoutMs?: number } = {},
): Promise<Instance> {
  const port = await freePort();
  const dataDir = env['DATA_DIR'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'store-instance-'));
  // Redis is shared by every test on the machine: an instance uses it only when asked to (its counters
  // would otherwise carry over from one test to the next).
  const inherited = { ...process.env };
  delete inherited['REDIS_URL'];
  // A variable given as '' is one the instance must not have at all (a new store with no PIX_KEY).
  const merged = Object.fromEntries(
    Object.entries({
      ...inherited,
      SEED_PRODUCTS: '40',
      // Its owner gave the store's Pix key (the seed's example key takes no Pix).
      PIX_KEY: '11222333000181',
      // Stops are immediate unless a test is about the notice window (scripts/serve.mjs).
      SHUTDOWN_NOTICE_S: '0',
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    }).filter(([name, value]) => !(value === '' && env[name] === '')),
  );
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      if (!env['DATA_DIR']) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    });
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const instance: Instance = {
    url,
    port,
    process: child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitHealthy !== false) {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the instance exited (${String(child.exitCode)}):\n${output}`);
      const ok = await fetch(`${url}/saude`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the instance never became healthy:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return instance;
}

/** A new, empty database on the machine's PostgreSQL (with the extensions the migrations need), and its URL. */
export async function createDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${String(process.pid)}_${String(Date.now() % 1e8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Run one statement on a database URL. */
export async function sql<Row extends Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Whether something answers on host:port of a URL (PostgreSQL, Redis). */
export async function answers(url: string): Promise<boolean> {
  if (!url) return false;
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => {
      resolve(false);
    });
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A TCP proxy in front of PostgreSQL that a test can turn off (`refuse`: connections refused and cut),
 * make silent (`swallow`: connections accepted, nothing answered) and turn back on (`restore`).
 */
export async function databaseProxy(target: string): Promise<{
  url: string;
  refuse: () => Promise<void>;
  swallow: () => void;
  restore: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  let mode: 'open' | 'silent' = 'open';
  const port = await freePort();
  const handle = (client: net.Socket) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'silent') return;
    const upstream = net.connect({ host: to.hostname, port: Number(to.port || 5432) });
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };
  let server: net.Server | undefined;
  const listen = async () => {
    server = net.createServer(handle);
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
  };
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const shut = async () => {
    const closing = server;
    server = undefined;
    cutAll();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    refuse: shut,
    swallow: () => {
      mode = 'silent';
      // Connections in use go quiet: nothing they send is answered any more.
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    restore: async () => {
      mode = 'open';
      cutAll();
      if (!server) await listen();
    },
    close: shut,
  };
}

/** The App-Token of an instance started with the default settings. */
export const APP_TOKEN_HEADER = { 'App-Token': 'wapstore' };

/** How long `check` took to come true, polled every 100 ms (Infinity when it did not within `ms`). */
export async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Infinity;
}

/** Whether the instance's `/saude` says 200 (for `until`). */
export const healthy = (instance: Pick<Instance, 'url'>) => async () =>
  (await fetch(`${instance.url}/saude`)).status === 200;

/** A request written by hand (fetch refuses TRACE), and the whole answer. */
export async function rawRequest(port: number, text: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.write(text);
  await new Promise((resolve) => socket.once('close', resolve));
  return answer;
}
