// One concern: the Pix "copia e cola" (BR Code) of an amount (its QR code is drawn by the page: lib/pix-qr.ts).
import crc16ccitt from 'crc/crc16ccitt';

/** What a static BR Code needs (Banco Central's Manual de Padrões para Iniciação do Pix). */
export type PixCharge = {
  /** The receiver's Pix key: CNPJ/CPF digits, e-mail, +55 phone or a random key. */
  key: string;
  /** Receiver name shown by the payer's bank (at most 25 characters, plain letters). */
  merchantName: string;
  /** Receiver city (at most 15 characters, plain letters). */
  merchantCity: string;
  /** Amount in reais (two decimals). */
  amount: number;
  /** Transaction id the receiver's statement shows: letters and digits, at most 25. */
  txid: string;
  /** A short note for the payer ('Pedido 1042'). */
  description?: string;
};

/** The characters a BR Code field may carry: no accents, nothing outside printable ASCII. */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .slice(0, max)
    .trim();

/** One EMV field: id, two-digit length, value. */
const field = (id: string, value: string) => {
  if (value.length > 99) throw new RangeError(`Pix field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC16-CCITT (polynomial 0x1021, start 0xFFFF) as four upper-case hex digits. */
export const brCodeCrc = (payload: string) =>
  crc16ccitt(Buffer.from(payload, 'utf8')).toString(16).toUpperCase().padStart(4, '0');

/** The "Pix copia e cola" text of one charge. */
export function pixPayload(charge: PixCharge): string {
  const keyed = field('00', 'br.gov.bcb.pix') + field('01', charge.key.trim());
  const note = charge.description ? field('02', plain(charge.description, 40)) : '';
  // The note is dropped rather than the code broken when a long key leaves it no room.
  const account = (keyed + note).length <= 99 ? keyed + note : keyed;
  const txid = charge.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const body =
    field('00', '01') +
    // 12: this code is for one payment (the order's), not a reusable one.
    field('01', '12') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', charge.amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(charge.merchantName, 25) || 'Loja') +
    field('60', plain(charge.merchantCity, 15) || 'Brasil') +
    field('62', field('05', txid)) +
    '6304';
  return body + brCodeCrc(body);
}
