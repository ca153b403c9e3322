import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { popupListSchema } from '#/contract/popups.ts';
import { popupsSchema } from '#/contract/store.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The popups as the team edits them: what the store then serves, cleaned text, refusals, roles, the trail. */

let store: TestPlatform;
let content: { token: string };
let orders: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  content = await member('conteudo@avisos.test', 'conteudo');
  orders = await member('pedidos@avisos.test', 'pedidos');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const send = (method: string, path = '', body?: unknown, token = content.token) =>
  admin(`/popups${path}`, { method, body, headers: as(token) });
const served = async (level: string) =>
  popupsSchema.parse(await (await store.request(`/v2/front/struct/popup/${level}`)).json()).popups;

const NATAL = {
  nome: 'Natal',
  nivel: 'detail',
  tipo: 'html',
  conteudo:
    '<p>Use <strong>NATAL10</strong> até o dia 25.</p><img src=x onerror=alert(1)><script>alert(1)</script>',
  link: '/pagina/cupons',
  tempo: 5,
};

describe('popups in the panel', () => {
  test('owners and the content role edit them; the orders role gets a 403, a guest a 401', async () => {
    expect((await send('GET')).status).toBe(200);
    expect((await send('GET', '', undefined, orders.token)).status).toBe(403);
    expect((await admin('/popups')).status).toBe(401);
  });

  test('a new popup is served on its page, its text cleaned; switched off, it is not; removed, it is gone', async () => {
    const created = await send('POST', '', NATAL);
    expect(created.status).toBe(201);
    const popup = popupListSchema.parse(await created.json()).popups.find((p) => p.nome === 'Natal');
    expect(popup?.conteudo).toBe('Use <strong>NATAL10</strong> até o dia 25.');
    const shown = (await served('detail')).find((p) => p.id === popup?.id);
    expect(shown).toMatchObject({ tipo: 'html', tempo: 5 });
    expect(shown?.link).toMatch(/\/pagina\/cupons$/);
    const off = await send('PUT', `/${String(popup?.id)}`, { ...NATAL, ativo: false });
    expect(off.status).toBe(200);
    expect((await served('detail')).some((p) => p.id === popup?.id)).toBe(false);
    const list = popupListSchema.parse(await off.json());
    expect(list.historico.map((h) => h.acao).slice(0, 2)).toEqual(['popup.alterar', 'popup.criar']);
    const gone = popupListSchema.parse(await (await send('DELETE', `/${String(popup?.id)}`)).json());
    expect(gone.popups.some((p) => p.id === popup?.id)).toBe(false);
    expect((await send('DELETE', `/${String(popup?.id)}`)).status).toBe(404);
  });

  test('bad fields are refused each under its own name and change nothing', async () => {
    const before = await send('GET');
    const res = await send('POST', '', {
      nome: '',
      nivel: 'checkout',
      tipo: 'imagem',
      conteudo: '',
      link: 'javascript:alert(1)',
      tempo: 999,
    });
    expect(res.status).toBe(400);
    const { erros } = (await res.json()) as { erros: Record<string, string> };
    expect(Object.keys(erros).sort()).toEqual(['conteudo', 'link', 'nivel', 'nome', 'tempo', 'tipo']);
    const empty = await send('POST', '', { ...NATAL, conteudo: '<script>alert(1)</script>' });
    expect(((await empty.json()) as { erros: Record<string, string> }).erros['conteudo']).toMatch(/vazio/);
    expect(await (await send('GET')).json()).toEqual(await before.json());
  });
});
