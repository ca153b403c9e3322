import { expect, test } from 'vitest';
import { hello, whatsappHref } from '#/lib/whatsapp.ts';

test('a Brazilian mobile opens a chat with the text written; anything else gives no button', () => {
  expect(whatsappHref('(19) 99876-5432', 'Olá, Ana!')).toBe(
    'https://wa.me/5519998765432?text=Ol%C3%A1%2C%20Ana!',
  );
  expect(whatsappHref('+55 11 91234-5678', 'x')).toBe('https://wa.me/5511912345678?text=x');
  expect(whatsappHref('5511912345678', 'x')).toBe('https://wa.me/5511912345678?text=x');
  // A landline, a number too short, an area code that does not exist, nothing.
  expect(whatsappHref('(11) 3456-7890', 'x')).toBeUndefined();
  expect(whatsappHref('98765-4321', 'x')).toBeUndefined();
  expect(whatsappHref('(01) 99876-5432', 'x')).toBeUndefined();
  expect(whatsappHref('', 'x')).toBeUndefined();
});

test('the greeting names the person by first name, and greets without a name when none was given', () => {
  expect(hello('Ana Maria Souza')).toBe('Olá, Ana!');
  expect(hello('  ')).toBe('Olá!');
});
