import os from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const server = ['tests/unit/server/**/*.test.ts'];
/**
 * Server tests run on in-memory PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
 * Their files share a worker's modules (isolate: false): each builds its own platform on its own database,
 * and the platform keeps its state per platform or per database, never in a module; importing the whole
 * server again for every file was a third of the suite's time. Passwords are hashed at a lower cost there.
 */
const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: server } },
  {
    test: {
      name: 'server:pglite',
      include: server,
      env: { TEST_DB: 'pglite' },
      isolate: false,
      setupFiles: ['tests/support/cheap-passwords.ts'],
      globalSetup: ['tests/support/pglite-snapshots.ts'],
    },
  },
];
if (process.env['TEST_DATABASE_URL']) {
  projects.push({
    test: {
      name: 'server:postgres',
      include: server,
      env: { TEST_DB: 'postgres' },
      isolate: false,
      setupFiles: ['tests/support/cheap-passwords.ts'],
    },
  });
}

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, which left a core
    // idle (3 min). The server tests wait on databases, SMTP and fake providers as much as they compute, so
    // one worker more than the cores keeps both busy (1 min 41 s, the same tests).
    maxWorkers: os.availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The default summary, then where the time went (the slowest files and tests).
    reporters: ['default', './tests/support/slowest-vitest.ts'],
  },
});
