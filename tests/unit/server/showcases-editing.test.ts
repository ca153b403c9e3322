import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { showcasesAnswerSchema } from '#/contract/showcases.ts';
import { homeShowcasesSchema } from '#/contract/store.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The home's showcases as the team arranges them: which, in what order, with what title. */

let store: TestPlatform;
let content: { token: string };
let catalogue: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  content = await member('conteudo@vitrines.test', 'conteudo');
  catalogue = await member('catalogo@vitrines.test', 'catalogo');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const send = (method: string, body?: unknown, token = content.token) =>
  admin('/showcases', { method, body, headers: as(token) });
const home = async () =>
  homeShowcasesSchema.parse(await (await store.request('/v2/front/showcase/home')).json()).vitrines;

describe('the home’s showcases in the panel', () => {
  test('a new store’s home shows the three live showcases; only owners and the content role arrange them', async () => {
    expect((await home()).map((v) => v.hash)).toEqual([
      'vitrine-mais-vendidos',
      'vitrine-ofertas',
      'vitrine-lancamentos',
    ]);
    expect((await send('GET', undefined, catalogue.token)).status).toBe(403);
    expect((await admin('/showcases')).status).toBe(401);
  });

  test('the home follows the order, the titles and what is taken off', async () => {
    const { vitrines } = showcasesAnswerSchema.parse(await (await send('GET')).json());
    const [best, offers, launches] = vitrines;
    const res = await send('PUT', {
      vitrines: [
        { hash: launches?.hash, titulo: 'Acabou de chegar', naInicial: true },
        { hash: best?.hash, titulo: best?.titulo, naInicial: true },
        { hash: offers?.hash, titulo: offers?.titulo, naInicial: false },
      ],
    });
    expect(res.status).toBe(200);
    const answer = showcasesAnswerSchema.parse(await res.json());
    expect(answer.vitrines.map((v) => [v.titulo, v.naInicial])).toEqual([
      ['Acabou de chegar', true],
      [best?.titulo, true],
      [offers?.titulo, false],
    ]);
    expect(await home()).toEqual([
      { hash: 'vitrine-lancamentos', titulo: 'Acabou de chegar' },
      { hash: 'vitrine-mais-vendidos', titulo: best?.titulo },
    ]);
    expect(answer.historico[0]).toMatchObject({ acao: 'vitrine.alterar' });
    const showcase = (await (
      await store.request('/v2/front/showcase/products/vitrine-lancamentos')
    ).json()) as {
      vitrine: { titulo: string };
    };
    expect(showcase.vitrine.titulo).toBe('Acabou de chegar');
  });

  test('an empty title or an unknown showcase is refused under its row and changes nothing', async () => {
    const before = await home();
    const res = await send('PUT', {
      vitrines: [
        { hash: 'vitrine-ofertas', titulo: '', naInicial: true },
        { hash: 'nao-existe', titulo: 'Nova', naInicial: true },
      ],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { erros: Record<string, string> }).erros)).toEqual([
      'vitrines.0.titulo',
    ]);
    const unknown = await send('PUT', {
      vitrines: [{ hash: 'nao-existe', titulo: 'Nova', naInicial: true }],
    });
    expect(((await unknown.json()) as { erros: Record<string, string> }).erros['vitrines.0.hash']).toMatch(
      /não encontrada/,
    );
    expect(await home()).toEqual(before);
  });
});
