import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffProductSchema } from '#/contract/staff-products.ts';
import type { StaffProduct } from '#/contract/staff-products.ts';
import * as t from '#/server/db/schema.ts';
import { ADMIN_TOKEN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * The staff API's forms take generated hostile values (huge and negative numbers, NUL and control
 * characters, long strings, arrays and objects where scalars belong) in any field of an otherwise valid
 * body: none answers 5xx, a refusal says why in Portuguese, and a refused save leaves the product as it was.
 */
let store: TestPlatform;
let product: StaffProduct['produto'];
const staff = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };

beforeAll(async () => {
  store = await startPlatform(20);
  const [row] = await store.database.db.select({ id: t.products.id }).from(t.products).limit(1);
  const res = await store.request(`/v2/admin/products/${String(row?.id)}`, { headers: staff });
  product = staffProductSchema.parse(await res.json()).produto;
});
afterAll(() => store.stop());

const scalar = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, -1, 0, 1e308, 0.001, 10.005, NaN),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '<script>alert(1)</script>', '../..', "' OR 1=1 --", '1e2'),
  fc.string({ minLength: 300, maxLength: 25_000 }),
);
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);

const PRODUCT_FIELDS = [
  'nome',
  'endereco',
  'marca',
  'categoria',
  'resumo',
  'descricao',
  'ativo',
  'seoTitulo',
  'seoDescricao',
  'versao',
  'acabamentos',
] as const;
const FINISH_FIELDS = ['id', 'sku', 'acabamento', 'precoDe', 'precoPor', 'estoque', 'pesoGramas', 'alturaCm'];

/** The product's own form, one field (of the product or of its first finish) replaced by a hostile value. */
const body = fc.oneof(
  fc.record({ field: fc.constantFrom(...PRODUCT_FIELDS), value: hostile }).map(({ field, value }) => ({
    ...form(),
    [field]: value,
  })),
  fc.record({ field: fc.constantFrom(...FINISH_FIELDS), value: hostile }).map(({ field, value }) => {
    const f = form();
    return { ...f, acabamentos: [{ ...f.acabamentos[0], [field]: value }, ...f.acabamentos.slice(1)] };
  }),
  hostile,
);
function form() {
  const { id: _id, caminho: _path, enderecosAntigos: _old, fotos: _photos, ...rest } = product;
  return rest;
}

describe('no generated staff input is a server error', () => {
  test('PUT and POST a product', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (sent, create) => {
        const res = await store.request(`/v2/admin/products${create ? '' : `/${String(product.id)}`}`, {
          method: create ? 'POST' : 'PUT',
          headers: staff,
          body: JSON.stringify(sent),
        });
        const answer = (await res.json()) as { mensagem?: unknown };
        expect(
          res.status,
          `${JSON.stringify(sent).slice(0, 300)} → ${JSON.stringify(answer).slice(0, 300)}`,
        ).toBeLessThan(500);
        if (res.status >= 400) expect(typeof answer.mensagem).toBe('string');
        // A value the contract takes may save; the next run starts from what is there now.
        if (res.status === 200) product = staffProductSchema.parse(answer).produto;
      }),
      { numRuns: 80 },
    );
  });

  test('a refused save leaves the product as it was', async () => {
    const [before] = await store.database.db.select().from(t.products).where(eq(t.products.id, product.id));
    const res = await store.request(`/v2/admin/products/${String(product.id)}`, {
      method: 'PUT',
      headers: staff,
      body: JSON.stringify({
        ...form(),
        nome: 'Nome novo',
        acabamentos: [{ ...form().acabamentos[0], precoPor: -1 }],
      }),
    });
    expect(res.status).toBe(400);
    const [after] = await store.database.db.select().from(t.products).where(eq(t.products.id, product.id));
    expect(after).toEqual(before);
  });

  test('POST a photo of random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
        const res = await store.request(`/v2/admin/products/${String(product.id)}/photos`, {
          method: 'POST',
          headers: { Authorization: staff.Authorization, 'Content-Type': 'application/octet-stream' },
          body: new Blob([bytes]),
        });
        expect(res.status).toBe(400);
      }),
      { numRuns: 40 },
    );
  });

  test('PUT a banner and a menu with a hostile field; POST a banner image of random bytes', async () => {
    const [banner] = await store.database.db.select({ id: t.banners.id }).from(t.banners).limit(1);
    const bannerForm = {
      titulo: 'Ofertas da semana',
      link: '/c/ofertas',
      inicio: null,
      fim: null,
      ativo: true,
    };
    const menuEntry = { id: null, texto: 'Ofertas', link: '/c/ofertas', novaAba: false };
    const sent = fc.oneof(
      fc
        .record({
          field: fc.constantFrom(...Object.keys(bannerForm), 'imagemDesktop', 'lugar'),
          value: hostile,
        })
        .map(({ field, value }) => ({
          path: `/banners/${String(banner?.id)}`,
          body: { ...bannerForm, [field]: value },
        })),
      fc
        .record({ field: fc.constantFrom(...Object.keys(menuEntry)), value: hostile })
        .map(({ field, value }) => ({
          path: '/menus/footer-institucional',
          body: { itens: [{ ...menuEntry, [field]: value }] },
        })),
      hostile.map((body) => ({ path: '/menus/footer-ajuda', body })),
    );
    await fc.assert(
      fc.asyncProperty(sent, async ({ path, body }) => {
        const res = await store.request(`/v2/admin${path}`, {
          method: 'PUT',
          headers: staff,
          body: JSON.stringify(body),
        });
        const answer = (await res.json()) as { mensagem?: unknown };
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof answer.mensagem).toBe('string');
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
        const res = await store.request('/v2/admin/banners/images?lugar=meio-home&dispositivo=mobile', {
          method: 'POST',
          headers: { Authorization: staff.Authorization, 'Content-Type': 'application/octet-stream' },
          body: new Blob([bytes]),
        });
        expect(res.status).toBe(400);
      }),
      { numRuns: 30 },
    );
  });
});
