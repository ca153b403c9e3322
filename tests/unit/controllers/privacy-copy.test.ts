import { expect, test } from 'vitest';
import { copyCell } from '#/controllers/privacy.ts';

test("the copy's sheets write reais, moments and days as the panel's sheets do", () => {
  expect(
    copyCell('total', 1751.9)
      .toString()
      .replace(/\u00a0/g, ' '),
  ).toBe('1.751,90');
  expect(copyCell('quantidade', 3)).toBe(3);
  expect(copyCell('numero', 1001)).toBe(1001);
  // 15:05 UTC is 12:05 in Brasília.
  expect(copyCell('feitoEm', '2026-11-23T15:05:00.000Z')).toBe('23/11/2026, 12:05');
  expect(copyCell('nascimento', '1988-05-20')).toBe('20/05/1988');
  expect(copyCell('recomenda', true)).toBe('sim');
  expect(copyCell('respondidaEm', null)).toBe('');
  // Text that only looks like a date stays as typed.
  expect(copyCell('comentario', '2026-11-23 foi ótimo')).toBe('2026-11-23 foi ótimo');
});
