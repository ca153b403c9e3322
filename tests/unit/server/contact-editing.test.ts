import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contactAnswerSchema } from '#/contract/contact.ts';
import { settingsSchema } from '#/contract/settings.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** Opening hours and social networks as the team edits them: what the store then shows, refusals, roles. */

let store: TestPlatform;
let content: { token: string };
let orders: { token: string };
beforeAll(async () => {
  store = await startPlatform(10);
  content = await member('conteudo@contato.test', 'conteudo');
  orders = await member('pedidos@contato.test', 'pedidos');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const send = (method: string, body?: unknown, token = content.token) =>
  admin('/contact', { method, body, headers: as(token) });
const served = async () =>
  settingsSchema.parse(await (await store.request('/v2/front/settings')).json()).configuracoes;

describe('opening hours and social networks in the panel', () => {
  test('owners and the content role edit them; the orders role gets a 403, a guest a 401', async () => {
    const answer = contactAnswerSchema.parse(await (await send('GET')).json());
    expect(answer.redes.instagram).toBe('https://www.instagram.com/casaemetais');
    expect(answer.horarios.length).toBeGreaterThan(0);
    expect((await send('GET', undefined, orders.token)).status).toBe(403);
    expect((await admin('/contact')).status).toBe(401);
  });

  test('the store shows the hours and only the profiles given, in the networks’ order', async () => {
    const res = await send('PUT', {
      horarios: [
        { dias: 'Segunda a sexta', horario: '8h às 18h' },
        { dias: 'Sábado', horario: '8h às 12h' },
      ],
      redes: {
        youtube: 'https://www.youtube.com/@metaisdovale',
        instagram: ' https://www.instagram.com/metaisdovale ',
        facebook: '',
      },
    });
    expect(res.status).toBe(200);
    const answer = contactAnswerSchema.parse(await res.json());
    expect(answer.historico[0]).toMatchObject({ acao: 'configuracao.contato', idEntidade: 'contato' });
    const settings = await served();
    expect(settings.redesSociais).toEqual([
      { nome: 'Instagram', url: 'https://www.instagram.com/metaisdovale' },
      { nome: 'YouTube', url: 'https://www.youtube.com/@metaisdovale' },
    ]);
    expect(settings.dadosSite.horarioAtendimento).toEqual([
      { dias: 'Segunda a sexta', horario: '8h às 18h' },
      { dias: 'Sábado', horario: '8h às 12h' },
    ]);
  });

  test('another site, the example’s profile, no hours or a long line are refused in place and change nothing', async () => {
    const before = await served();
    const res = await send('PUT', {
      horarios: [{ dias: 'S', horario: 'x'.repeat(41) }],
      redes: {
        instagram: 'https://golpe.example/instagram.com',
        tiktok: 'javascript:alert(1)',
        linkedin: 'http://www.linkedin.com/company/x',
      },
    });
    expect(res.status).toBe(400);
    const { erros } = (await res.json()) as { erros: Record<string, string> };
    expect(Object.keys(erros).sort()).toEqual([
      'horarios.0.dias',
      'horarios.0.horario',
      'redes.instagram',
      'redes.linkedin',
      'redes.tiktok',
    ]);
    expect(erros['redes.instagram']).toMatch(/perfil da loja no Instagram/);
    const none = await send('PUT', { horarios: [], redes: {} });
    expect(((await none.json()) as { erros: Record<string, string> }).erros['horarios']).toMatch(
      /pelo menos um/,
    );
    const example = await send('PUT', {
      horarios: [{ dias: 'Todos os dias', horario: '24 horas' }],
      redes: { facebook: 'https://www.facebook.com/casaemetais' },
    });
    expect(example.status).toBe(400);
    expect(((await example.json()) as { erros: Record<string, string> }).erros['redes.facebook']).toMatch(
      /loja de exemplo/,
    );
    expect(await served()).toEqual(before);
  });
});
