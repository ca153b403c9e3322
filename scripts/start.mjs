// `npm start`: build the production server when it is missing or older than the sources, then run it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `This store runs on the Node.js it brings (found ${process.versions.node}): start it with \`npm start\`, ` +
      'which runs node_modules/.bin/node after `npm install`. See README.md, "What it needs".',
  );
  process.exit(1);
}

const entry = path.resolve('dist/server/entry.mjs');
const sources = ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];

function newest(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(file).map((name) => newest(path.join(file, name))));
}

const built = fs.statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built < Math.max(...sources.map(newest))) {
  console.log('Building the production server (astro build)…');
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// scripts/serve.mjs owns the HTTP server, so that SIGTERM drains it (see there). One signal, one drain,
// whoever sends it:
// - `npm start` runs this script with `exec` (package.json), so the SIGTERM a container runtime or a
//   process manager sends to npm reaches this process (npm forwards it) instead of stopping at a shell
//   that does not pass it on, which left this script and the server running.
// - The server runs in a process group of its own (detached), so a terminal's Ctrl+C, which goes to the
//   whole foreground group, reaches it only from here; npm forwards that SIGINT here too, so the same
//   signal arriving twice within a second is passed on once (a second one would cut every connection).
const server = spawn(process.execPath, ['scripts/serve.mjs', entry], {
  stdio: 'inherit',
  env: process.env,
  detached: true,
});
const SAME_SIGNAL_MS = 1000;
let forwarded = -Infinity;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    if (Date.now() - forwarded < SAME_SIGNAL_MS) return;
    forwarded = Date.now();
    server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
