// One concern: one process per PGlite data folder (PGlite allows no more), held by a pid lock file.
import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another process already holds the PGlite data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** PGlite allows one process per folder: take a pid lock, refusing while its owner is alive. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'store.lock');
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by process ${owner}. PGlite allows one process per folder: ` +
            `stop that process, set DATA_DIR to another folder, or use PostgreSQL with DATABASE_URL.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
