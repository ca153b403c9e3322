// `npm run staff -- add <e-mail> --papel <dono|pedidos|catalogo|conteudo> [--nome "Ana Souza"]`: add someone to the
// store's team and print their one-time link to set a password (the first owner is made this way; owners
// add the others in /painel/equipe). `npm run staff -- link <e-mail>`: a new link for someone who lost theirs.
// It opens the store's database itself (DATABASE_URL, else the PGlite folder DATA_DIR, default .data): with
// PGlite, stop the store first (one process per folder); the link's address is SITE_URL, else localhost:PORT.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { staffMemberCreateSchema } from '#/contract/staff.ts';
import { openDatabase } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { addMember, issueLink } from '#/server/staff/members.ts';

const USAGE =
  'Uso: npm run staff -- add <e-mail> --papel <dono|pedidos|catalogo|conteudo> [--nome "Nome Sobrenome"]\n' +
  '     npm run staff -- link <e-mail>';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { papel: { type: 'string' }, nome: { type: 'string' } },
});
const [command = '', email = ''] = positionals;
if (!['add', 'link'].includes(command) || !email) {
  console.error(USAGE);
  process.exit(2);
}
const origin = (process.env['SITE_URL'] ?? `http://localhost:${process.env['PORT'] ?? '4321'}`).replace(
  /\/$/,
  '',
);
const url = process.env['DATABASE_URL'];
let database;
try {
  database = await openDatabase(url ? { url } : { dataDir: process.env['DATA_DIR'] ?? '.data' });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
try {
  if (command === 'add') {
    const parsed = staffMemberCreateSchema.safeParse({
      email,
      nome: values.nome ?? email.split('@')[0],
      papel: values.papel,
    });
    if (!parsed.success) {
      console.error(parsed.error.issues.map((i) => i.message).join('\n'));
      console.error(USAGE);
      process.exitCode = 2;
    } else {
      const member = await addMember(database.db, parsed.data);
      const link = await issueLink(database.db, origin, member.id);
      console.log(`${member.name} <${member.email}> entrou na equipe como "${member.role}".`);
      console.log(`Link para criar a senha (vale uma vez, por 48 horas):\n${link}`);
    }
  } else {
    const [member] = await database.db
      .select()
      .from(t.staffMembers)
      .where(eq(t.staffMembers.email, email.trim().toLowerCase()));
    if (!member?.active) {
      console.error(`Não há ninguém ativo na equipe com o e-mail ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(
        `Novo link para ${member.name} (vale uma vez, por 48 horas):\n${await issueLink(database.db, origin, member.id)}`,
      );
    }
  }
} catch (error) {
  console.error(error instanceof Error && 'mensagem' in error ? String(error.mensagem) : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
