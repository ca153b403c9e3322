import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, healthy, rawRequest, startInstance, until } from '../../support/instances.ts';

/**
 * How the store stops: SIGTERM drains an instance (scripts/serve.mjs), and one signal makes one drain
 * whoever sends it (scripts/start.mjs under `npm start`).
 */
test.describe.configure({ mode: 'serial' });

test('SIGTERM: /saude 503 and still answering for the notice window, then no new connections; the request in flight is answered, exit 0', async () => {
  const instance = await startInstance({ SHUTDOWN_NOTICE_S: '2' });
  // Without SITE_URL another Host is refused with a message for the operator, not written into pages.
  const forged = await rawRequest(
    instance.port,
    'GET /cozinha/ HTTP/1.1\r\nHost: evil.tld\r\nConnection: close\r\n\r\n',
  );
  expect(forged).toMatch(/^HTTP\/1\.1 421/);
  expect(forged).toContain('SITE_URL');
  const body = JSON.stringify({ email: 'em-voo@exemplo.com.br' });
  const socket = net.connect(instance.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  // Half a request: the server is reading it when the signal comes.
  socket.write(
    `POST /api/v2/front/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nApp-Token: wapstore\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${String(body.length)}\r\n\r\n${body.slice(0, 10)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const signalled = Date.now();
  instance.process.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The notice window: a balancer that has not yet seen the 503 still gets answers, each closing its connection.
  const health = await rawRequest(instance.port, 'GET /saude HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  expect(health).toMatch(/^HTTP\/1\.1 503/);
  expect(health).toMatch(/\r\nconnection: close\r\n/i);
  const page = await rawRequest(instance.port, 'GET /cozinha/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  expect(page).toMatch(/^HTTP\/1\.1 200/);
  expect(page).toMatch(/\r\nconnection: close\r\n/i);
  // Then the listener closes: the next connection goes elsewhere.
  const refusedAfter = await until(
    () =>
      new Promise<boolean>((resolve) => {
        const probe = net.connect(instance.port, '127.0.0.1');
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
        probe.once('error', () => {
          resolve(true);
        });
      }),
    6000,
  );
  expect(refusedAfter).toBeLessThan(6000);
  expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
  // The request that was arriving at the signal is still answered.
  socket.write(body.slice(10));
  await new Promise((resolve) => socket.once('close', resolve));
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(answer).toContain('"sucesso":true');
  expect(await instance.exited).toBe(0);
  expect(instance.output()).toContain('[shutdown] done');
});

/** `npm start` as an operator runs it (in a process group of its own, as a terminal or a runtime starts it). */
async function npmStart(): Promise<{
  url: string;
  group: number;
  output: () => string;
  exited: Promise<void>;
}> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-npm-start-'));
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_PRODUCTS: '24',
      SHUTDOWN_NOTICE_S: '1',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    child.on('exit', () => {
      resolve();
    });
  });
  const url = `http://127.0.0.1:${String(port)}`;
  // start.mjs builds first when the sources are newer than dist/ (not here: the e2e server just built it).
  expect(await until(healthy({ url }), 90_000)).toBeLessThan(90_000);
  void exited.then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { url, group: child.pid ?? 0, output: () => output, exited };
}

/** Whether any process of the group is still alive. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

test('one signal, one drain, whoever sends it: SIGTERM to npm, or Ctrl+C to the whole group', async () => {
  test.setTimeout(240_000);
  // A container runtime or a process manager signals npm itself: the server drains and every process ends.
  const runtime = await npmStart();
  process.kill(runtime.group, 'SIGTERM');
  await runtime.exited;
  expect(await until(() => Promise.resolve(!groupAlive(runtime.group)), 15_000)).toBeLessThan(15_000);
  expect(runtime.output().match(/\[shutdown\] SIGTERM:/g)).toHaveLength(1);
  expect(runtime.output()).toContain('[shutdown] done');
  // A terminal's Ctrl+C reaches every process of the foreground group: still one drain, nothing cut.
  const terminal = await npmStart();
  process.kill(-terminal.group, 'SIGINT');
  expect(await until(() => Promise.resolve(!groupAlive(terminal.group)), 15_000)).toBeLessThan(15_000);
  expect(terminal.output().match(/\[shutdown\] SIGINT:/g)).toHaveLength(1);
  expect(terminal.output()).not.toContain('again');
  expect(terminal.output()).toContain('[shutdown] done');
});
