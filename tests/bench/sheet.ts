// The catalogue sheet's rows of `npm run bench:api`: the export, then a 10,000-row sheet's dry run and apply,
// each with how far the process's memory rose while it ran.
import type { SheetRow } from '#/contract/catalog-sheet.ts';
import { catalogCsv } from '#/lib/catalog-sheet.ts';
import type { Platform } from '#/server/app.ts';

const timedMs = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const result = await work();
  return [result, performance.now() - t0];
};

/** The most the process's resident memory rose above where it was while `work` ran (sampled every 10 ms). */
async function peakRiseMb<T>(work: () => Promise<T>): Promise<[T, number]> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return [result, (peak - base) / 1024 / 1024];
  } finally {
    clearInterval(sampler);
  }
}

export async function catalogueSheet(label: string, platform: Platform, admin: string): Promise<string[]> {
  const staff = { 'App-Token': 'bench', Authorization: `Bearer ${admin}` };
  const [rows, exportMs] = await timedMs(async () => {
    const res = await platform.api.request('http://bench.local/v2/admin/catalog/sheet', { headers: staff });
    const { linhas } = (await res.json()) as { linhas: SheetRow[] };
    return { linhas, csv: catalogCsv(linhas) };
  });
  const changed = rows.linhas
    .slice(0, 10_000)
    .map((r) => ({ ...r, precoDe: r.precoDe + 1, precoPor: r.precoPor + 1, estoque: r.estoque + 1 }));
  const sheet = catalogCsv(changed);
  const [[preview, dryRunMs], dryRunMb] = await peakRiseMb(() =>
    timedMs(async () => {
      const res = await platform.api.request(
        'http://bench.local/v2/admin/catalog/imports?arquivo=bench.csv',
        {
          method: 'POST',
          headers: { ...staff, 'Content-Type': 'text/csv' },
          body: sheet,
        },
      );
      return (await res.json()) as { id: string; totais: { alterar: number } };
    }),
  );
  const [[applied, applyMs], applyMb] = await peakRiseMb(() =>
    timedMs(async () => {
      const res = await platform.api.request(
        `http://bench.local/v2/admin/catalog/imports/${preview.id}/apply`,
        { method: 'POST', headers: staff },
      );
      return (await res.json()) as { totais: { alterar: number } };
    }),
  );
  if (applied.totais.alterar !== changed.length)
    throw new Error(`sheet: ${String(applied.totais.alterar)} of ${String(changed.length)} rows changed`);
  const once = (name: string, ms: number) => `| ${label} | ${name} | – | ${ms.toFixed(0)} | – | 1 |`;
  return [
    once(`catalogue export, ${String(rows.linhas.length)} rows (API + CSV)`, exportMs),
    once(
      `sheet dry run, ${String(changed.length)} rows (${String(Math.round(sheet.length / 1024))} KB; memory +${dryRunMb.toFixed(0)} MB)`,
      dryRunMs,
    ),
    once(`sheet apply, ${String(changed.length)} rows (memory +${applyMb.toFixed(0)} MB)`, applyMs),
  ];
}
