import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const server = ['tests/unit/server/**/*.test.ts'];
/** Server tests run on in-memory PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: server } },
  { test: { name: 'server:pglite', include: server, env: { TEST_DB: 'pglite' } } },
];
if (process.env['TEST_DATABASE_URL']) {
  projects.push({ test: { name: 'server:postgres', include: server, env: { TEST_DB: 'postgres' } } });
}

export default defineConfig({
  test: {
    projects,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The default summary, then where the time went (the slowest files and tests).
    reporters: ['default', './tests/support/slowest-vitest.ts'],
  },
});
