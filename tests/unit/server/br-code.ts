/**
 * An independent reader of Pix BR Codes for the tests: splits the EMV fields (id, two-digit length, value;
 * 26 and 62 hold fields of their own) and checks the CRC16-CCITT with a bitwise implementation written
 * from the standard (polynomial 0x1021, start 0xFFFF), not the one the store uses.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

type Fields = Record<string, string>;

function split(payload: string): Fields {
  const fields: Fields = {};
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`bad field at ${String(at)}`);
    fields[id] = payload.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  if (at !== payload.length) throw new Error('payload ends inside a field');
  return fields;
}

export function parseBrCode(payload: string) {
  const top = split(payload);
  const nested = (id: string) => (top[id] === undefined ? undefined : split(top[id]));
  return {
    fields: { ...top, '26': nested('26'), '62': nested('62') } as Fields & {
      '26'?: Fields | undefined;
      '62'?: Fields | undefined;
    },
    crcOk: top['63'] === crc16(payload.slice(0, -4)),
  };
}
