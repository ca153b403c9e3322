import { createClient } from '../src/api/http.ts';
import { register } from '../src/api/account.ts';
const client = createClient('http://127.0.0.1:4321', undefined, { appToken: 'wapstore', validate: false });
try { await register(client, { pessoa: 'F', documento: '111' }); } catch (e) { console.log(e, (e as any).fields); }
