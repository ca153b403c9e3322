// `npm run evaluation-key [-- --count N]`: create store-evaluation invitations and print their links,
// one a line (what order e-mails would carry). Uses DATA_DIR / DATABASE_URL like the server; stop a
// PGlite server first.
import { openDatabase } from '#/server/db/client.ts';
import { createEvaluationKeys } from '#/server/forms/evaluations.ts';

const countArg = process.argv.indexOf('--count');
const count = countArg > 0 ? Number(process.argv[countArg + 1]) : 1;
if (!Number.isInteger(count) || count < 1 || count > 1000) {
  console.error('--count: um número de 1 a 1000.');
  process.exit(2);
}
const url = process.env['DATABASE_URL'];
const database = await openDatabase(url ? { url } : { dataDir: process.env['DATA_DIR'] ?? '.data' });
try {
  const site = (process.env['SITE_URL'] ?? 'http://localhost:4321').replace(/\/$/, '');
  for (const key of await createEvaluationKeys(database.db, count))
    console.log(`${site}/pagina/avaliacao-da-loja?key=${key}`);
} finally {
  await database.close();
}
