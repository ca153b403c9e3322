import { signupSchema } from '../src/contract/account.ts';
const r = signupSchema.safeParse({ pessoa: 'F', nomeRazao: 'B', documento: '111.111.111-11', senha: 'curta' });
console.log(r.success ? 'ok' : r.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`));
