import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The Nu HTML Checker (vnu, the W3C validator's engine; it needs only Java) over pages' HTML as the
 * server sent it. One exception, the checker's own: it does not know the standard `line-clamp` CSS
 * property yet (the cards use it unprefixed after `-webkit-line-clamp`).
 */

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

const CHECKERS_OWN = [/^CSS: “line-clamp”: Property “line-clamp” doesn't exist\.$/];

type VnuMessage = { type: string; subType?: string; url?: string; message: string; extract?: string };

/** Every error vnu finds in `pages` (name → HTML), as "name: message (extract)". */
export async function htmlErrors(pages: Map<string, string>): Promise<string[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'vnu-'));
  try {
    const names = new Map<string, string>();
    for (const [name, html] of pages) {
      const file = `${String(names.size).padStart(2, '0')}.html`;
      names.set(file, name);
      await writeFile(path.join(folder, file), html);
    }
    const { stdout } = await promisify(execFile)(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', '--exit-zero-always', folder],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .filter((m) => !CHECKERS_OWN.some((own) => own.test(m.message)))
      .map(
        (m) => `${names.get(path.basename(m.url ?? '')) ?? m.url ?? '?'}: ${m.message} (${m.extract ?? ''})`,
      );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
