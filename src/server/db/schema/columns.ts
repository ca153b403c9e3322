// Column types the tables share.
import { customType } from 'drizzle-orm/pg-core';

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Money as numeric(12,2), read back as a JS number. */
export const money = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(12,2)',
  fromDriver: (v) => Number(v),
  toDriver: (v) => v.toFixed(2),
});
