// How the store's e-mails and answers write moments and read days: Brasília time, whatever the server's zone.

const dayTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** '28/11, 14:05' (Brasília time). */
export const dayAndTime = (date: Date): string => dayTime.format(date);

/** The start of a day `aaaa-mm-dd` in Brasília (UTC−3 all year since 2019), or of the day `plusDays` after. */
export const brasiliaDay = (day: string, plusDays = 0): Date =>
  new Date(Date.parse(`${day}T00:00:00-03:00`) + plusDays * 24 * 60 * 60 * 1000);
