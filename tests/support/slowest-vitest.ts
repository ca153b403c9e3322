import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest tests and files are named at the end of a run. */
const SHOWN = 12;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Names where a Vitest run's time went, after the default reporter's summary: the slowest files (setup,
 * imports and tests together) and the slowest tests, each with its project (server:pglite, server:postgres).
 */
export default class SlowestReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const files = modules.map((m) => {
      const d = m.diagnostic();
      return {
        ms: d.setupDuration + d.collectDuration + d.prepareDuration + d.duration,
        name: `${m.project.name} ${path.relative(process.cwd(), m.moduleId)}`,
      };
    });
    const tests = modules.flatMap((m) =>
      [...m.children.allTests()].map((t) => ({
        ms: t.diagnostic()?.duration ?? 0,
        name: `${m.project.name} ${path.basename(m.moduleId)} › ${t.fullName}`,
      })),
    );
    const list = (title: string, rows: { ms: number; name: string }[]) => {
      console.log(`\n${title}`);
      for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, SHOWN))
        console.log(`  ${seconds(row.ms).padStart(8)}  ${row.name}`);
    };
    list('Slowest test files:', files);
    list('Slowest tests:', tests);
  }
}
