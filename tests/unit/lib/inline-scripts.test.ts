import vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import { INLINE_SCRIPTS, PREFETCH_RULES } from '#/lib/inline-scripts.ts';

/**
 * The inline scripts share the page's global scope: a `var` left at the top level of one is a global
 * another can overwrite (the prefetch script's `c` once broke the CEP autofill's). Each must keep its
 * names to itself.
 */
describe('inline scripts', () => {
  const scripts = INLINE_SCRIPTS.filter((code) => code !== PREFETCH_RULES);

  test.each(scripts.map((code) => [code.slice(0, 60), code]))('%s… leaves no global behind', (_, code) => {
    // A page where each script fails early (no document): whatever it declared would still be global.
    const page = vm.createContext({});
    const names = () => vm.runInContext('Object.getOwnPropertyNames(globalThis)', page) as string[];
    const before = new Set(names());
    vm.runInContext(code, page);
    expect(names().filter((name) => !before.has(name))).toEqual([]);
  });

  test('the prefetch rules are JSON, as the browser reads them', () => {
    expect(JSON.parse(PREFETCH_RULES)).toHaveProperty('prefetch');
  });
});
