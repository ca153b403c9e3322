type ModuleInfo = { isEntry: boolean; importers: readonly string[] };
type Meta = { getModuleInfo: (id: string) => ModuleInfo | null };

/**
 * Loaded as the islands hydrate, with their shared code: the bundler's helper every island's lazy part
 * is imported through, and Astro's islands' runtime (edge/island-runtime.ts).
 */
const HYDRATION_CODE =
  /vite\/preload-helper|[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]astro-island\.js$/;

const SHARED_CODE = [
  /[\\/]node_modules[\\/](nanostores|@nanostores)[\\/]/,
  /[\\/]src[\\/](stores|api|lib|islands[\\/]shared)[\\/]/,
];

/** `id` is loaded as an island hydrates: an island's root imports it, or a module that is. */
function hydrating(id: string, meta: Meta, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = meta.getModuleInfo(id);
  if (!info) return false;
  return info.isEntry || info.importers.some((importer) => hydrating(importer, meta, seen));
}

/**
 * The client build's `manualChunks`: the islands' shared code (stores, API client, helpers) travels as one
 * file, not a dozen. A helper only one module imports, straight from an island's root or from a part an
 * island loads when first used (a countdown's arithmetic, a drawer's), travels with it, so pages without
 * it do not download it. Shared code that only such parts import (the dialogs' focus trap) travels in a
 * second file, fetched with the first of them, not as the islands hydrate.
 */
export function islandChunks(id: string, meta: Meta): string | undefined {
  if (HYDRATION_CODE.test(id)) return 'islands';
  if (!SHARED_CODE.some((pattern) => pattern.test(id))) return undefined;
  const importers = meta.getModuleInfo(id)?.importers ?? [];
  const [only] = importers;
  const onlyInfo = only === undefined ? null : meta.getModuleInfo(only);
  if (importers.length === 1 && onlyInfo && (onlyInfo.isEntry || !hydrating(only ?? '', meta)))
    return undefined;
  return hydrating(id, meta) ? 'islands' : 'islands-later';
}
