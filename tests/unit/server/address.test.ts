import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CEP_UNKNOWN, cepAddressSchema } from '#/contract/address.ts';
import { errorSchema } from '#/contract/common.ts';
import { CEP_PROVIDER_TIMEOUT_MS, cepProviderFrom, lookupCep, tableAddress } from '#/server/addresses/cep.ts';
import type { CepProvider } from '#/server/addresses/cep.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(10);
});
afterAll(() => store.stop());

describe('GET address/cep/{cep}: the embedded table, offline', () => {
  test.each([
    ['13035-000', { cidade: 'Campinas', uf: 'SP', logradouro: '' }],
    ['13201005', { cidade: 'Jundiaí', uf: 'SP' }],
    ['01001-000', { logradouro: 'Praça da Sé', bairro: 'Sé', cidade: 'São Paulo', uf: 'SP' }],
    ['69301-000', { cidade: 'Boa Vista', uf: 'RR' }],
    ['70040-010', { cidade: 'Brasília', uf: 'DF' }],
    ['90010-000', { cidade: 'Porto Alegre', uf: 'RS' }],
    // A city outside the table: its state still comes from the Correios ranges.
    ['38400-000', { cidade: '', uf: 'MG' }],
  ])('%s', async (cep, expected) => {
    const found = await store.getJson(`/v2/front/address/cep/${cep}`, cepAddressSchema);
    expect(found).toMatchObject({ cep: cep.replace('-', ''), ...expected });
  });

  test('every capital of the 27 states is in the table', () => {
    const capitals = [
      '01310100',
      '20040002',
      '30130000',
      '29010000',
      '80010000',
      '88010000',
      '90010000',
      '70040010',
      '74003010',
      '78005000',
      '79002000',
      '40020000',
      '49010000',
      '50010000',
      '57020000',
      '58010000',
      '59010000',
      '60060000',
      '64000000',
      '65010000',
      '66010000',
      '68900000',
      '69005000',
      '69301000',
      '69900000',
      '76801000',
      '77001000',
    ];
    const states = new Set(capitals.map((cep) => tableAddress(cep)?.uf));
    expect(states.size).toBe(27);
    for (const cep of capitals) expect(tableAddress(cep)?.cidade, cep).not.toBe('');
  });

  test.each(['abc', '1234', '00000-000', '13035-0000', '%00', '1'.repeat(500)])(
    'a malformed CEP (%s) is a 400 in Portuguese',
    async (cep) => {
      const res = await store.request(`/v2/front/address/cep/${encodeURIComponent(cep)}`);
      expect(res.status).toBe(400);
      expect(errorSchema.parse(await res.json()).mensagem).toMatch(/CEP/);
    },
  );

  test('a CEP of no state is a 404 with the shopper’s words', async () => {
    const res = await store.request('/v2/front/address/cep/00999-000');
    expect(res.status).toBe(404);
    expect(errorSchema.parse(await res.json()).mensagem).toBe(CEP_UNKNOWN);
  });
});

describe('a configured provider', () => {
  const street = { logradouro: 'Rua Barão de Jaguara', bairro: 'Centro', cidade: 'Campinas', uf: 'SP' };

  test('its street-level answer wins over the table, and is remembered', async () => {
    const provider = vi.fn<CepProvider>(() => Promise.resolve(street));
    expect(await lookupCep('13010111', provider)).toEqual({ cep: '13010111', ...street });
    expect(await lookupCep('13010111', provider)).toEqual({ cep: '13010111', ...street });
    expect(provider).toHaveBeenCalledTimes(1);
  });

  test('a street the table knows needs no outside call', async () => {
    const provider = vi.fn<CepProvider>(() => Promise.resolve(street));
    expect((await lookupCep('01001000', provider))?.logradouro).toBe('Praça da Sé');
    expect(provider).not.toHaveBeenCalled();
  });

  test('a failing or unknown answer falls back to the table, logging no CEP', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const failing: CepProvider = () =>
        Promise.reject(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }));
      expect(await lookupCep('13020222', failing)).toMatchObject({ cidade: 'Campinas', logradouro: '' });
      expect(warn.mock.calls.flat().join(' ')).not.toContain('13020222');
      expect(await lookupCep('13020333', () => Promise.resolve(undefined))).toMatchObject({
        cidade: 'Campinas',
      });
    } finally {
      warn.mockRestore();
    }
  });

  test('a silent provider costs at most its timeout, then the table answers', async () => {
    const silent: CepProvider = () => new Promise(() => undefined);
    const started = performance.now();
    expect(await lookupCep('13030444', silent)).toMatchObject({ cidade: 'Campinas', uf: 'SP' });
    // Bounded by the timeout (not a speed assertion: the answer must not wait for a silent service).
    expect(performance.now() - started).toBeGreaterThanOrEqual(CEP_PROVIDER_TIMEOUT_MS - 50);
  });

  test('CEP_PROVIDERS: unset is the table alone, an unknown name stops the start', () => {
    expect(cepProviderFrom(undefined)).toBeUndefined();
    expect(cepProviderFrom(' ')).toBeUndefined();
    expect(typeof cepProviderFrom('brasilapi, viacep')).toBe('function');
    expect(() => cepProviderFrom('brasilapi,correio')).toThrow(/unknown provider\(s\) correio/);
  });
});
