import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PAGE_PARAMS } from '#/edge/query.ts';

/** Files that render pages on the server (islands read the browser's own address, which keeps every parameter). */
const PAGE_CODE = ['src/pages', 'src/lib', 'src/components', 'src/layouts'];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(astro|ts)$/.test(entry.name)) yield full;
  }
}

test('every query parameter a page reads survives the edge, which drops the others before rendering', () => {
  const read = new Map<string, string>();
  for (const dir of PAGE_CODE)
    for (const file of files(dir))
      for (const [, name] of readFileSync(file, 'utf8').matchAll(
        /searchParams\.(?:get|has|getAll)\('([^']+)'\)/g,
      ))
        if (name) read.set(name, file);
  expect(read.size).toBeGreaterThan(5);
  const missing = [...read].filter(([name]) => !PAGE_PARAMS.has(name));
  expect(missing, 'add these to PAGE_PARAMS in src/edge/query.ts').toEqual([]);
});
