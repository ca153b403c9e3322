import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  // Vitest's provided values are typed by augmenting its interface, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Where this run keeps its seeded PGlite databases as tarballs, one per catalogue size (harness.ts). */
    pgliteSnapshots: string;
  }
}

/**
 * Migrating and seeding PGlite takes seconds; loading a tarball of the result takes a fraction of that.
 * Each run starts with an empty folder, so a snapshot always comes from this run's migrations and seed.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-pglite-'));
  project.provide('pgliteSnapshots', dir);
  return () => rm(dir, { recursive: true, force: true });
}
