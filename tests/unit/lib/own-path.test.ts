import { expect, test } from 'vitest';
import { ownPath } from '#/lib/own-path.ts';

const origin = 'https://www.casaemetais.com.br';

test("the store's own addresses become paths; any other stays as it is", () => {
  expect(ownPath(`${origin}/cozinha/?marca=aquarela-metais`, origin)).toBe('/cozinha/?marca=aquarela-metais');
  expect(ownPath(`${origin}/`, origin)).toBe('/');
  expect(ownPath('/banheiro/', origin)).toBe('/banheiro/');
  // Same prefix, another host: not ours.
  expect(ownPath(`${origin}.golpe.com/cozinha/`, origin)).toBe(`${origin}.golpe.com/cozinha/`);
  expect(ownPath('http://www.casaemetais.com.br/cozinha/', origin)).toBe(
    'http://www.casaemetais.com.br/cozinha/',
  );
  expect(ownPath('https://troquefacil.com.br/casaemetais', origin)).toBe(
    'https://troquefacil.com.br/casaemetais',
  );
});
