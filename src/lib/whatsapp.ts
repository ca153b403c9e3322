/**
 * A WhatsApp chat with a Brazilian mobile number (as typed: `(19) 99876-5432`, `+55 19 998765432`), the text
 * already written for the team member to edit and send: `https://wa.me/5519998765432?text=…`. Undefined when
 * the number is no mobile (a landline, too short): no button that opens a chat with no one.
 */
export function whatsappHref(phone: string, text: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  const national = /^55\d{10,11}$/.test(digits) ? digits.slice(2) : digits;
  // Area code (two digits, neither 0), then a mobile's nine digits starting with 9.
  if (!/^[1-9][1-9]9\d{8}$/.test(national)) return undefined;
  return `https://wa.me/55${national}?text=${encodeURIComponent(text)}`;
}

/** A greeting by first name ("Olá, Ana!" for "Ana Maria Souza"), or "Olá!" when no name was given. */
export function hello(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first ? `Olá, ${first}!` : 'Olá!';
}
