import { afterAll, beforeAll, expect, test } from 'vitest';
import { settingsSchema } from '#/contract/settings.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(40);
});
afterAll(() => store.stop());

test('settings carry the store configuration of the spec', async () => {
  const { configuracoes: s } = await store.getJson('/v2/front/settings', settingsSchema);
  expect(s.pagamentos.boleto.desconto).toBe(10);
  expect(s.pagamentos.pix.desconto).toBe(10);
  expect(s.pagamentos.cartao.desconto).toBe(0);
  expect(s.pagamentos.deposito.desconto).toBe(0);
  expect(s.checkout.alertaFreteGratis).toEqual({ ativo: true, valorFixo: 599.9, usarValorFixo: false });
  expect(s.checkout.prazoMedioEntrega).toEqual({ ativo: true, porcentagem: 80 });
  expect(s.listagem).toEqual({
    itensPorPagina: 40,
    opcoesItensPorPagina: [12, 16, 24, 32],
    ordenacaoPadrao: 'Mais Vendidos',
  });
  expect(s.dadosSite.horarioAtendimento).toEqual([
    { dias: 'Segunda a quinta', horario: '9h às 17h' },
    { dias: 'Sexta', horario: '9h às 16h' },
  ]);
  expect(s.paises.map((p) => p.sigla)).toEqual(['US', 'CA']);
  expect(s.emailContato.email).toMatch(/@/);
  expect(s.dadosSite.cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
  expect(s.manutencao.ativo).toBe(false);
  expect(Object.values(s.integracoes).every((i) => !i.ativo)).toBe(true);
});
