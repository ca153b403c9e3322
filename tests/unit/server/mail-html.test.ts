import { describe, expect, test } from 'vitest';
import { htmlOf, senderName } from '#/server/mail/html.ts';

/** The HTML part written from a message's text: the same words, lists, codes that wrap, links as buttons. */
describe('htmlOf', () => {
  const text = [
    'Olá, Ana!',
    '',
    'Recebemos seu pedido 1042 na Casa & Metais. <Pague> até 14:30.',
    '',
    'Pix copia e cola:',
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR',
    '',
    '• 1 × Torneira Gourmet (TQ-1) – R$ 199,90',
    '• 2 × Cuba Inox (CU-2) – R$ 599,80',
    '',
    'Acompanhe: https://loja.test/minha-conta/pedidos/1042?a=1&b=2',
    'Dúvidas? Veja https://loja.test/pagina/central-de-atendimento ou responda.',
  ].join('\n');
  const html = htmlOf('Pedido 1042 recebido', text, 'Casa & Metais');

  test('the store on top, the words escaped', () => {
    expect(html).toContain('>Casa &amp; Metais</p>');
    expect(html).toContain('Recebemos seu pedido 1042 na Casa &amp; Metais. &lt;Pague&gt; até 14:30.');
    expect(html).not.toContain('<Pague>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  test('items as a list, a code that wraps, a leading line as a button, other addresses as links', () => {
    expect(html).toMatch(/<ul[^>]*><li[^>]*>1 × Torneira Gourmet \(TQ-1\) – R\$ 199,90<\/li><li/);
    expect(html).toMatch(/word-break:break-all">00020126580014br\.gov\.bcb\.pix/);
    expect(html).toMatch(
      /<a href="https:\/\/loja\.test\/minha-conta\/pedidos\/1042\?a=1&amp;b=2" style="display:inline-block[^"]*">Acompanhe<\/a>/,
    );
    expect(html).toContain('<a href="https://loja.test/pagina/central-de-atendimento"');
  });

  test('the sender’s name', () => {
    expect(senderName('Casa & Metais <loja@casaemetais.com.br>')).toBe('Casa & Metais');
    expect(senderName('"Loja X" <x@y.z>')).toBe('Loja X');
    expect(senderName('loja@y.z')).toBe('loja@y.z');
  });
});
