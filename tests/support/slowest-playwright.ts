import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the slowest journeys are named at the end of a run. */
const SHOWN = 12;

/**
 * Names where a Playwright run's time went, after the list reporter's summary: the slowest tests with
 * their project (desktop, mobile, operations), and the total time of each spec file.
 */
export default class SlowestReporter implements Reporter {
  private readonly runs: { ms: number; name: string; file: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(`${process.cwd()}/`, '');
    const project = test.parent.project()?.name ?? '';
    this.runs.push({
      ms: result.duration,
      name: `${project} ${test.titlePath().slice(2).join(' › ')}`,
      file,
    });
  }

  onEnd(_result: FullResult): void {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const byFile = new Map<string, number>();
    for (const run of this.runs) byFile.set(run.file, (byFile.get(run.file) ?? 0) + run.ms);
    console.log('\nSlowest spec files (summed over their tests and projects):');
    for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN))
      console.log(`  ${seconds(ms)}  ${file}`);
    console.log('Slowest tests:');
    for (const run of [...this.runs].sort((a, b) => b.ms - a.ms).slice(0, SHOWN))
      console.log(`  ${seconds(run.ms)}  ${run.name}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
