import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ShipmentState, ShippingProvider } from '#/server/carriers/provider.ts';
import { followParcels, ROUND } from '#/server/carriers/tracking.ts';
import * as t from '#/server/db/schema.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { ORIGIN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * More labelled parcels than one tracking call reads: every one is read within a bounded number of rounds
 * (the longest unread first), even when the provider answers nothing for some of them.
 */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(10);
});
afterAll(() => store.stop());

test(`${String(ROUND * 2 + 50)} parcels: each read within ceil(parcels / ${String(ROUND)}) rounds`, async () => {
  const count = ROUND * 2 + 50;
  await store.database.db.insert(t.shipments).values(
    Array.from({ length: count }, (_, i) => ({
      orderNumber: 900_000 + i,
      provider: 'stub',
      status: 'gerada',
      shipmentId: `envio-${String(i)}`,
      labelUrl: 'https://etiquetas.test/x.pdf',
    })),
  );
  const asked: string[][] = [];
  // A provider that says nothing of one parcel in ten (a lag at the carrier): those must not starve the rest.
  const provider: ShippingProvider = {
    name: 'stub',
    quote: () => Promise.resolve([]),
    addToCart: () => Promise.reject(new Error('not here')),
    checkout: () => Promise.resolve(),
    generate: () => Promise.resolve(),
    cancel: () => Promise.resolve(false),
    print: () => Promise.resolve(''),
    track: (ids) => {
      asked.push(ids);
      const states = new Map<string, ShipmentState>();
      for (const id of ids)
        if (!id.endsWith('0'))
          states.set(id, { status: 'aguardando', paid: true, generated: true, tracking: '' });
      return Promise.resolve(states);
    },
  };
  const ctx = { db: store.database.db, provider, mailer: memoryMailer(), origin: ORIGIN };
  const rounds = Math.ceil(count / ROUND);
  for (let i = 0; i < rounds; i++) await followParcels(ctx);
  expect(asked).toHaveLength(rounds);
  for (const ids of asked) expect(ids.length).toBeLessThanOrEqual(ROUND);
  const read = new Set(asked.flat());
  expect(read.size).toBe(count);
});
