// The servers the e2e suite drives: the production build, each on a fresh data folder removed on exit.
// `--no-build` reuses the build the first server made (the maintenance-mode server starts second).
// With MAIL_OUTBOX set, the store's e-mail is written there (emptied first; a test opens the reset link);
// with E2E_EVALUATION_LINK set, `npm run evaluation-key` makes store-evaluation invitations first and
// their links are written to that file, one a line, as order e-mails would carry them; with E2E_STAFF_LINKS
// set, two first owners are added with `npm run staff -- add` and their one-time links written there.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
if (process.env.MAIL_OUTBOX) fs.rmSync(process.env.MAIL_OUTBOX, { recursive: true, force: true });
if (process.env.E2E_EVALUATION_LINK) {
  const invitation = spawnSync(process.execPath, ['scripts/evaluation-key.ts', '--count', '8'], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${process.env.PORT ?? '4321'}` },
  });
  if (invitation.status !== 0) {
    console.error(invitation.stderr);
    process.exit(invitation.status ?? 1);
  }
  fs.writeFileSync(process.env.E2E_EVALUATION_LINK, invitation.stdout.trim());
}
if (process.env.E2E_STAFF_LINKS) {
  // The store's first owners, made as a new store's owner makes them: `npm run staff -- add`.
  const links = [];
  for (const email of ['dono-desktop@loja.test', 'dono-mobile@loja.test']) {
    const added = spawnSync(
      process.execPath,
      ['scripts/staff.ts', 'add', email, '--papel', 'dono', '--nome', 'Dona Marta'],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          SITE_URL: `http://127.0.0.1:${process.env.PORT ?? '4321'}`,
        },
      },
    );
    if (added.status !== 0) {
      console.error(added.stderr);
      process.exit(added.status ?? 1);
    }
    links.push(/https?:\/\/\S+/.exec(added.stdout)?.[0] ?? '');
  }
  fs.writeFileSync(process.env.E2E_STAFF_LINKS, links.join('\n'));
}
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1' },
});
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
});
const stop = (signal) => {
  server.kill(signal);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
