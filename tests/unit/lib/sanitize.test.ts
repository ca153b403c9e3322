import { expect, test } from 'vitest';
import { sanitizeInline, sanitizeRich } from '#/lib/sanitize.ts';

test('inline labels keep emphasis and lose scripts, handlers and links', () => {
  expect(
    sanitizeInline('<strong>Frete grátis</strong> <img src=x onerror=alert(1)><script>alert(1)</script>'),
  ).toBe('<strong>Frete grátis</strong> ');
  expect(sanitizeInline('<a href="javascript:alert(1)">x</a>')).toBe('x');
});

test('rich text keeps paragraphs and safe links only', () => {
  expect(
    sanitizeRich(
      '<p onclick="x()">Oi <a href="javascript:alert(1)">a</a> <a href="https://loja.test/">b</a></p>',
    ),
  ).toBe('<p>Oi <a rel="noopener">a</a> <a href="https://loja.test/" rel="noopener">b</a></p>');
  expect(sanitizeRich('<iframe src="https://evil.test"></iframe><style>*{}</style>')).toBe('');
});
