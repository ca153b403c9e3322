import { expect, test } from 'vitest';
import type { Client } from '#/api/core.ts';
import { applyEntryRule, UnknownEntryRule } from '#/controllers/entry-rules.ts';

/** A client whose every call answers `answer` (and counts the calls). */
const fake = (answer: unknown) => {
  const calls: string[] = [];
  const client: Client = {
    call: ({ path }) => {
      calls.push(path);
      return Promise.resolve(answer);
    },
  };
  return { client, calls };
};

test('avaliacao-loja: no key goes home without asking the platform', async () => {
  const { client, calls } = fake({ sucesso: true });
  expect(
    await applyEntryRule('avaliacao-loja', {
      url: new URL('https://loja.test/pagina/avaliacao-da-loja'),
      client,
    }),
  ).toBe('/');
  expect(calls).toEqual([]);
});

test('avaliacao-loja: a key the platform refuses goes home; one it accepts renders', async () => {
  const url = new URL('https://loja.test/pagina/avaliacao-da-loja?key=abc');
  expect(
    await applyEntryRule('avaliacao-loja', { url, client: fake({ sucesso: false, mensagem: '' }).client }),
  ).toBe('/');
  const accepted = fake({ sucesso: true, mensagem: '' });
  expect(await applyEntryRule('avaliacao-loja', { url, client: accepted.client })).toBeUndefined();
  expect(accepted.calls).toEqual(['v2/front/evaluations/store/add/abc']);
});

test('an unknown rule is an error (the page answers 500)', async () => {
  await expect(
    applyEntryRule('regra-que-nao-existe', { url: new URL('https://loja.test/'), client: fake({}).client }),
  ).rejects.toBeInstanceOf(UnknownEntryRule);
});
