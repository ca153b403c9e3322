// The written rules of the repository, checked: the README's folder map names every folder, the test folders
// mirror src/, and every path the docs name exists. A rule a test does not check goes stale (issue 23).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The first column of a Markdown table's rows, as written (`src/pages/`). */
const mapEntries = (markdown: string) =>
  [...markdown.matchAll(/^\| `([^`]+)`/gm)].map(([, entry]) => entry ?? '');

test("the README's folder map names every folder under src/", () => {
  const named = mapEntries(read('README.md'));
  const missing = folders('src').filter((folder) => !named.includes(`src/${folder}/`));
  expect(missing, 'add a row to the Folder map of README.md').toEqual([]);
});

test("the platform's README names every folder under src/server/", () => {
  const named = mapEntries(read('src/server/README.md'));
  const missing = folders('src/server').filter((folder) => !named.includes(`${folder}/`));
  expect(missing, 'add a row to the table of src/server/README.md').toEqual([]);
});

test('every folder under tests/unit/ mirrors a folder of src/', () => {
  const strays: string[] = [];
  const walk = (dir: string) => {
    for (const folder of folders(path.join('tests/unit', dir))) {
      const relative = path.join(dir, folder);
      if (!existsSync(path.join(root, 'src', relative))) strays.push(`tests/unit/${relative}`);
      walk(relative);
    }
  };
  walk('');
  expect(strays, 'name a test folder after the src/ folder it tests').toEqual([]);
});

const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'src/server/README.md',
  ...readdirSync(path.join(root, 'docs')).map((file) => `docs/${file}`),
];

test('every file or folder the docs name exists', () => {
  const stale: string[] = [];
  for (const doc of DOCS) {
    const base = doc === 'src/server/README.md' ? 'src/server' : '';
    for (const [, named = ''] of read(doc).matchAll(
      /`((?:src|docs|tests|scripts|public)\/[^`\s*<>…{}]*)`/g,
    )) {
      const file = named.replace(/[?#:].*$/, '');
      if (!existsSync(path.join(root, file))) stale.push(`${doc}: ${named}`);
    }
    if (base) {
      for (const entry of mapEntries(read(doc)).filter((e) => /^[\w.-]+\/?$/.test(e))) {
        if (!existsSync(path.join(root, base, entry))) stale.push(`${doc}: ${entry}`);
      }
    }
  }
  expect(stale, 'a doc names a path that is not there').toEqual([]);
});
