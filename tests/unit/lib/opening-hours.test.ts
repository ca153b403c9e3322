import { describe, expect, test } from 'vitest';
import { daysOf, openingHoursLd, timesOf } from '#/lib/opening-hours.ts';

/** The team's opening hours, read for search engines: what reads is stated, what does not is left out. */
describe('opening hours for structured data', () => {
  test('days as the team writes them', () => {
    expect(daysOf('Segunda a sexta')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(daysOf('Seg. a qui.')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday']);
    expect(daysOf('Sábado')).toEqual(['Saturday']);
    expect(daysOf('Sábados e domingos')).toEqual(['Saturday', 'Sunday']);
    expect(daysOf('terça-feira, quinta-feira e sábado')).toEqual(['Tuesday', 'Thursday', 'Saturday']);
    expect(daysOf('Todos os dias')).toHaveLength(7);
    expect(daysOf('Feriados')).toBeUndefined();
    expect(daysOf('Sexta a segunda')).toBeUndefined();
  });

  test('times as the team writes them', () => {
    expect(timesOf('9h às 18h')).toEqual(['09:00', '18:00']);
    expect(timesOf('9h30 às 17h45')).toEqual(['09:30', '17:45']);
    expect(timesOf('08:00 - 12:00')).toEqual(['08:00', '12:00']);
    expect(timesOf('18h às 9h')).toBeUndefined();
    expect(timesOf('horário comercial')).toBeUndefined();
    expect(timesOf('9h às 25h')).toBeUndefined();
  });

  test('a line that does not read is left out, never guessed', () => {
    expect(
      openingHoursLd([
        { dias: 'Segunda a sexta', horario: '9h às 18h' },
        { dias: 'Sábado', horario: 'com hora marcada' },
        { dias: 'Domingo', horario: '10h às 14h' },
      ]),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '10:00', closes: '14:00' },
    ]);
  });
});
