type ModuleInfo = { isEntry: boolean; importers: readonly string[] };
type Meta = { getModuleInfo: (id: string) => ModuleInfo | null };

const SHARED_CODE = [
  /[\\/]node_modules[\\/](nanostores|@nanostores)[\\/]/,
  /[\\/]src[\\/](stores|api|lib|islands[\\/]shared)[\\/]/,
];

/**
 * The client build's `manualChunks`: the islands' shared code (stores, API client, helpers) travels as one
 * file, not a dozen. A helper only one island imports, straight from its root (a countdown's arithmetic),
 * travels with that island instead, so pages without it do not download it.
 */
export function islandChunks(id: string, meta: Meta): string | undefined {
  if (!SHARED_CODE.some((pattern) => pattern.test(id))) return undefined;
  const importers = meta.getModuleInfo(id)?.importers ?? [];
  const [only] = importers;
  if (importers.length === 1 && only !== undefined && meta.getModuleInfo(only)?.isEntry) return undefined;
  return 'islands';
}
