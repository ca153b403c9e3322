import { expect, test } from 'vitest';
import { formatDocument, formatPhone } from '#/contract/documents.ts';

test('documents and phones as people write them; anything else as it came', () => {
  expect(formatDocument('39077778160')).toBe('390.777.781-60');
  expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
  expect(formatDocument('123')).toBe('123');
  expect(formatPhone('19987654321')).toBe('(19) 98765-4321');
  expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
  expect(formatPhone('+55 19 98765-4321')).toBe('+55 19 98765-4321');
});
