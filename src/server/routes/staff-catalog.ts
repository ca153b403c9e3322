import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SHEET_MAX_BYTES, SHEET_TOO_LARGE } from '#/contract/catalog-sheet.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { PlatformError } from '#/server/errors.ts';
import { applySheet, exportSheet, sendSheet, sheetDryRun } from '#/server/catalog/sheet/imports.ts';
import { notifyRestocked } from '#/server/forms/stock-requests.ts';

/**
 * The catalogue as a spreadsheet (owners and `catalogo`): `GET /sheet` every finish as a row;
 * `POST /imports` a CSV or XLSX file as the request's bytes (`?arquivo=` its name), answered with its dry
 * run (201); `GET /imports/{id}` that dry run again, against the catalogue as it is now;
 * `POST /imports/{id}/apply` applies it. Each created or changed row is in the activity record, and shoppers
 * waiting for a finish it brings back are e-mailed.
 */
export const staffCatalog = new Hono<PlatformEnv>();

staffCatalog.get('/sheet', async (c) => c.json({ linhas: await exportSheet(c.get('config').db) }));

staffCatalog.post(
  '/imports',
  bodyLimit({
    maxSize: SHEET_MAX_BYTES,
    onError: () => {
      throw new PlatformError(413, 'payload_too_large', SHEET_TOO_LARGE);
    },
  }),
  async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const report = await sendSheet(c.get('config').db, bytes, c.req.query('arquivo'), c.get('actor'));
    return c.json(report, 201);
  },
);

staffCatalog.get('/imports/:id', async (c) =>
  c.json(await sheetDryRun(c.get('config').db, c.req.param('id'))),
);

staffCatalog.post('/imports/:id/apply', async (c) => {
  const { db, mailer } = c.get('config');
  const report = await applySheet(db, c.req.param('id'), c.get('actor'));
  // A finish the sheet brought back into stock: who asked "Avise-me" is e-mailed now, not at the next sweep.
  await notifyRestocked(db, mailer);
  return c.json(report);
});
