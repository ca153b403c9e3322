/**
 * The store's opening hours, as the team writes them ("Segunda a sexta", "9h às 18h"), read as schema.org's
 * OpeningHoursSpecification for search engines. A line this cannot read is left out: the structured data
 * never states hours the store did not give.
 */

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
type Day = (typeof DAYS)[number];

/** A day's name in Portuguese (whole, short, with or without "-feira" and accents) → its index from Monday. */
const dayIndex = (word: string): number | undefined => {
  const w = word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/-?feira$/, '')
    .replace(/\.$/, '')
    .trim();
  const names: [string, number][] = [
    ['segunda', 0],
    ['seg', 0],
    ['terca', 1],
    ['ter', 1],
    ['quarta', 2],
    ['qua', 2],
    ['quinta', 3],
    ['qui', 3],
    ['sexta', 4],
    ['sex', 4],
    ['sabado', 5],
    ['sab', 5],
    ['domingo', 6],
    ['dom', 6],
  ];
  return names.find(([name]) => name === w)?.[1];
};

/** "Segunda a sexta", "Sábado", "Seg, qua e sex", "Todos os dias", "Domingos e feriados" (the days only). */
export function daysOf(text: string): Day[] | undefined {
  const plain = text.toLowerCase().trim();
  if (/^(todos os dias|diariamente)$/.test(plain)) return [...DAYS];
  const range = /^(\S+)\s+(?:a|até)\s+(\S+)$/.exec(plain);
  if (range) {
    const [from, to] = [dayIndex(range[1] ?? ''), dayIndex(range[2] ?? '')];
    if (from === undefined || to === undefined || to < from) return undefined;
    return DAYS.slice(from, to + 1);
  }
  const parts = plain.split(/\s*(?:,|\be\b)\s*/).filter(Boolean);
  const days = parts.map((p) => dayIndex(p.replace(/s$/, '')) ?? dayIndex(p));
  if (days.length === 0 || days.some((d) => d === undefined)) return undefined;
  return (days as number[]).map((d) => DAYS[d] as Day);
}

/** "9h às 18h", "9h30 às 18h", "09:00 - 18:00" → ['09:00', '18:00']. */
export function timesOf(text: string): [string, string] | undefined {
  const m = /^(\d{1,2})(?:[h:](\d{2})?)?h?\s*(?:às|as|a|-|–|até)\s*(\d{1,2})(?:[h:](\d{2})?)?h?$/i.exec(
    text.trim(),
  );
  if (!m) return undefined;
  const hhmm = (h: string | undefined, min: string | undefined) => {
    const hour = Number(h);
    const minute = Number(min ?? '0');
    return hour <= 24 && minute < 60
      ? `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
      : '';
  };
  const [opens, closes] = [hhmm(m[1], m[2]), hhmm(m[3], m[4])];
  return opens && closes && opens < closes ? [opens, closes] : undefined;
}

export type OpeningHoursSpec = {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: Day[];
  opens: string;
  closes: string;
};

/** The lines that read as days and hours, as schema.org states them. */
export const openingHoursLd = (lines: readonly { dias: string; horario: string }[]): OpeningHoursSpec[] =>
  lines.flatMap((line) => {
    const days = daysOf(line.dias);
    const times = timesOf(line.horario);
    return days && times
      ? [
          {
            '@type': 'OpeningHoursSpecification' as const,
            dayOfWeek: days,
            opens: times[0],
            closes: times[1],
          },
        ]
      : [];
  });
