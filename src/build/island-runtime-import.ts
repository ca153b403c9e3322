import type { Plugin } from 'vite';

/** Astro's islands' runtime, which islands/shared/ready.ts imports for the browser (edge/island-runtime.ts). */
export const ISLAND_RUNTIME_MODULE = 'astro/runtime/server/astro-island.js';
const NOTHING = '\0island-runtime-on-server';

/**
 * The islands' code is also run by the server, to render them: there Astro's islands' runtime (a custom
 * element, for the browser) is an empty module.
 */
export function islandRuntimeImport(): Plugin {
  return {
    name: 'island-runtime-import',
    enforce: 'pre',
    resolveId(source) {
      if (source === ISLAND_RUNTIME_MODULE && this.environment.config.consumer === 'server') return NOTHING;
      return undefined;
    },
    load(id) {
      return id === NOTHING ? 'export {};' : undefined;
    },
  };
}
