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

// scripts/serve.mjs owns the HTTP server, so that SIGTERM drains it (see there).
const server = spawn(process.execPath, ['scripts/serve.mjs', entry], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
