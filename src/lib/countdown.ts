/** Time left until a moment, in the parts a countdown shows (all zero once it has passed). */
export type TimeLeft = { days: number; hours: number; minutes: number; seconds: number; done: boolean };

export function timeLeft(end: number, now: number): TimeLeft {
  const total = Math.max(0, Math.floor((end - now) / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** '2d 04:05:06', or '04:05:06' in the last day. */
export function formatTimeLeft(left: TimeLeft): string {
  const clock = `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? `${String(left.days)}d ${clock}` : clock;
}

const endFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The moment itself in Brasília time, '27/11 às 23h59': what the HTML says before the island ticks,
 * true whenever the page was rendered (cached or prerendered HTML cannot know the time left).
 */
export function formatEnd(end: number): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    endFormat.formatToParts(end).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')} às ${part('hour')}h${part('minute')}`;
}
