import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { brCodeCrc, pixPayload } from '#/server/orders/pix.ts';
import { crc16, parseBrCode } from './br-code.ts';

// The static BR Code printed in the Banco Central's manual (Manual de Padrões para Iniciação do Pix).
const PUBLISHED =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('Pix BR Code', () => {
  test('the CRC of the manual’s example is the one printed there', () => {
    expect(brCodeCrc(PUBLISHED.slice(0, -4))).toBe('1D3D');
    expect(crc16(PUBLISHED.slice(0, -4))).toBe('1D3D');
    expect(parseBrCode(PUBLISHED).crcOk).toBe(true);
  });

  test('an order’s code reads back field by field', () => {
    const payload = pixPayload({
      key: '12345678000190',
      merchantName: 'Casa & Metais Comércio de Materiais Ltda.',
      merchantCity: 'São José dos Campos',
      amount: 1234.5,
      txid: 'PEDIDO1042',
      description: 'Pedido 1042',
    });
    const { fields, crcOk } = parseBrCode(payload);
    expect(crcOk).toBe(true);
    expect(fields['00']).toBe('01');
    expect(fields['01']).toBe('12');
    expect(fields['26']).toEqual({ '00': 'br.gov.bcb.pix', '01': '12345678000190', '02': 'Pedido 1042' });
    expect(fields['52']).toBe('0000');
    expect(fields['53']).toBe('986');
    expect(fields['54']).toBe('1234.50');
    expect(fields['58']).toBe('BR');
    // Names are cut to the format's sizes and lose their accents.
    expect(fields['59']).toBe('Casa & Metais Comercio de');
    expect(fields['60']).toBe('Sao Jose dos Ca');
    expect(fields['62']).toEqual({ '05': 'PEDIDO1042' });
  });

  test('any amount, key and names make a code whose fields parse and whose CRC checks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        // Pix keys: e-mail (up to 77 characters), random key (UUID), CPF.
        fc.oneof(
          fc.emailAddress().filter((e) => e.length <= 77),
          fc.uuid(),
          fc.stringMatching(/^\d{11}$/),
        ),
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 40 }),
        (cents, key, name, city, txid) => {
          const payload = pixPayload({
            key,
            merchantName: name,
            merchantCity: city,
            amount: cents / 100,
            txid,
          });
          const { fields, crcOk } = parseBrCode(payload);
          expect(crcOk).toBe(true);
          expect(fields['54']).toBe((cents / 100).toFixed(2));
          expect(fields['26']?.['01']).toBe(key);
          expect(fields['59']?.length).toBeLessThanOrEqual(25);
          expect(fields['60']?.length).toBeLessThanOrEqual(15);
          expect(fields['62']?.['05']).toMatch(/^(?:[A-Za-z0-9]{1,25}|\*\*\*)$/);
          expect(payload).toMatch(/^[\x20-\x7E]+$/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
