// `npm run evaluation-key`: create a store-evaluation invitation and print its link (what the order
// e-mail would carry). Uses DATA_DIR / DATABASE_URL like the server; stop a PGlite server first.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/server/db/client.ts';
import * as t from '../src/server/db/schema.ts';
import { evaluationKeyHash } from '../src/server/routes/forms.ts';

const url = process.env['DATABASE_URL'];
const database = await openDatabase(url ? { url } : { dataDir: process.env['DATA_DIR'] ?? '.data' });
try {
  const key = randomBytes(24).toString('base64url');
  await database.db.insert(t.storeEvaluationKeys).values({ keyHash: evaluationKeyHash(key) });
  const site = (process.env['SITE_URL'] ?? 'http://localhost:4321').replace(/\/$/, '');
  console.log(`${site}/pagina/avaliacao-da-loja?key=${key}`);
} finally {
  await database.close();
}
