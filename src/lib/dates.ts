/** Dates and times as a shopper in Brazil reads them (the store's time zone, whatever the server's). */
const TIME_ZONE = 'America/Sao_Paulo';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const date = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const time = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** '23/11/2026, 14:05' */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
/** '23/11/2026' */
export const formatDate = (iso: string): string => date.format(new Date(iso));
/** '14:05' */
export const formatTime = (iso: string): string => time.format(new Date(iso));

/** A deadline: '14:05' when it falls today (in the store's time zone), '28/11/2026, 14:05' otherwise. */
export const formatDeadline = (iso: string, now: Date = new Date()): string =>
  formatDate(iso) === formatDate(now.toISOString()) ? formatTime(iso) : formatDateTime(iso);
