import { expect, test } from 'vitest';
import { islandChunks } from '#/build/island-chunks.ts';

/**
 * A client build's graph: two islands (SideCart, HeaderSearch) hydrate; each loads a part on first use
 * (CartDrawer, SearchPanel) by a dynamic import, which is no importer edge.
 */
const graph: Record<string, { isEntry: boolean; importers: string[] }> = {
  '/src/islands/cart/SideCart.tsx': { isEntry: true, importers: [] },
  '/src/islands/search/HeaderSearch.tsx': { isEntry: true, importers: [] },
  '/src/islands/cart/CartDrawer.tsx': { isEntry: false, importers: [] },
  '/src/islands/search/SearchPanel.tsx': { isEntry: false, importers: [] },
  // Used by both islands as they hydrate.
  '/src/stores/cart.ts': {
    isEntry: false,
    importers: ['/src/islands/cart/SideCart.tsx', '/src/islands/search/HeaderSearch.tsx'],
  },
  // Imported by a shared store, so loaded with it.
  '/src/api/core.ts': { isEntry: false, importers: ['/src/stores/cart.ts'] },
  // Only the parts loaded on first use need it, and two of them do.
  '/src/islands/shared/dialog.ts': {
    isEntry: false,
    importers: ['/src/islands/cart/CartDrawer.tsx', '/src/islands/search/SearchPanel.tsx'],
  },
  // Imported by one part only.
  '/src/lib/money.ts': { isEntry: false, importers: ['/src/islands/cart/CartDrawer.tsx'] },
  // Imported by one island only, straight from its root.
  '/src/lib/countdown.ts': { isEntry: false, importers: ['/src/islands/search/HeaderSearch.tsx'] },
  '\0vite/preload-helper.js': { isEntry: false, importers: ['/src/islands/cart/SideCart.tsx'] },
  '/node_modules/astro/dist/runtime/server/astro-island.js': {
    isEntry: false,
    importers: ['/src/islands/shared/ready.ts'],
  },
  '/node_modules/react/index.js': { isEntry: false, importers: ['/src/islands/cart/SideCart.tsx'] },
};
const meta = { getModuleInfo: (id: string) => graph[id] ?? null };
const chunk = (id: string) => islandChunks(id, meta);

test('shared code the islands load as they hydrate travels in one file', () => {
  expect(chunk('/src/stores/cart.ts')).toBe('islands');
  expect(chunk('/src/api/core.ts')).toBe('islands');
  expect(chunk('\0vite/preload-helper.js')).toBe('islands');
  // Astro's islands' runtime, which pages leave out (edge/island-runtime.ts).
  expect(chunk('/node_modules/astro/dist/runtime/server/astro-island.js')).toBe('islands');
});

test('shared code only the parts loaded on first use need travels in a second file, fetched with them', () => {
  expect(chunk('/src/islands/shared/dialog.ts')).toBe('islands-later');
});

test("a helper only one island or one part imports travels with it; other packages are the bundler's choice", () => {
  expect(chunk('/src/lib/countdown.ts')).toBeUndefined();
  expect(chunk('/src/lib/money.ts')).toBeUndefined();
  expect(chunk('/node_modules/react/index.js')).toBeUndefined();
});
