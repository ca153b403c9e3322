// The production server: the built store (dist/server/entry.mjs) on an HTTP server this script owns, so
// that a stop signal drains it. On SIGTERM (or SIGINT) /saude turns 503 at once, and for the notice window
// (SHUTDOWN_NOTICE_S, 5 s) the server goes on accepting and answering, each answer marked
// `Connection: close`, so that a load balancer sees the 503 and moves its traffic before anything is refused;
// then the listener closes (no new connections), idle connections are closed, the requests in flight finish
// (up to DRAIN_MS), the database pool and Redis close, each within CLOSE_MS, and the process exits 0. A second
// signal, or a drain past its deadline, cuts what is left.
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unservable } from './unservable.mjs';

const DRAIN_MS = 10_000;
const notice = Number(process.env.SHUTDOWN_NOTICE_S ?? '5');
const NOTICE_MS = Number.isFinite(notice) && notice >= 0 ? notice * 1000 : 5000;
const CLOSE_MS = 3_000;

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = pathToFileURL(path.resolve(process.argv[2] ?? 'dist/server/entry.mjs')).href;
const { startServer } = await import(entry);
const { server } = startServer();
const http = server.server;

// What the adapter cannot turn into a Request (a method, a Host) is answered here (scripts/unservable.mjs).
const [handler] = http.listeners('request');
http.removeAllListeners('request');
http.on('request', (req, res) => {
  const refusal = unservable(req);
  if (!refusal) return handler(req, res);
  res.writeHead(refusal.status, refusal.headers);
  res.end(refusal.text);
});
/** @type {{ drain: () => void, close: (ms: number) => Promise<void> } | undefined} */
const lifecycle = globalThis[Symbol.for('loja.lifecycle')];

// A failure nobody awaited (a dropped connection's late error, say) is logged, never the end of the process.
process.on('unhandledRejection', (reason) => {
  console.error(
    '[server] unhandled rejection:',
    reason instanceof Error ? `${reason.name}: ${reason.message}` : reason,
  );
});

let stopping = false;
async function stop(signal) {
  if (stopping) {
    console.error(`[shutdown] ${signal} again: closing every connection now`);
    http.closeAllConnections();
    return;
  }
  stopping = true;
  const started = Date.now();
  console.log(
    `[shutdown] ${signal}: /saude says 503; answering for ${NOTICE_MS / 1000} s more, then draining (up to ${DRAIN_MS / 1000} s)`,
  );
  lifecycle?.drain();
  // Still listening: a load balancer that has not yet read the 503 sends here, and is answered.
  await new Promise((resolve) => setTimeout(resolve, NOTICE_MS));
  // No new connections from now on. A connection with a request in flight is not cut: it carries its
  // answer (marked `Connection: close` while draining) and ends.
  const closed = new Promise((resolve) => http.once('close', resolve));
  net.Server.prototype.close.call(http);
  // Connections left idle since before the signal carry nothing more: closed now, not at their timeout.
  http.closeIdleConnections();
  const late = await Promise.race([
    closed.then(() => false),
    new Promise((resolve) => setTimeout(() => resolve(true), DRAIN_MS)),
  ]);
  if (late) {
    console.error('[shutdown] requests still running at the deadline: cutting them');
    http.closeAllConnections();
  }
  await lifecycle?.close(CLOSE_MS);
  console.log(`[shutdown] done in ${Date.now() - started} ms`);
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
