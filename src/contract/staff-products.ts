import { z } from 'zod';
import { CEST_MESSAGE, cestOf, GTIN_MESSAGE, NCM_MESSAGE, ncmOf, validGtin } from './invoices.ts';
import { atividadeSchema } from './activity.ts';
import { listSearch, soldOutOnly, wholeNumber } from './common.ts';

/** The team's product list (`GET /v2/admin/products`; our extension, owners and `catalogo`). */

export const PRODUCTS_PER_PAGE = 25;

const optionalId = (name: string) =>
  wholeNumber(name, { min: 1 })
    .optional()
    .or(z.literal('').transform(() => undefined));

export const staffProductQuerySchema = z.object({
  /** Part of the name, or of one of its SKUs. */
  q: listSearch(),
  marca: optionalId('marca'),
  categoria: optionalId('categoria'),
  /** `1`: only products with no stock in any finish. */
  esgotados: soldOutOnly(),
  /** On sale or switched off (`ativos`, `inativos`); empty: both. */
  situacao: z
    .enum(['', 'ativos', 'inativos'], { error: 'situacao: use ativos ou inativos.' })
    .default('')
    .transform((v) => v || undefined),
  ordem: z
    .enum(['recentes', 'nome', 'menor-estoque', 'mais-vendidos'], {
      error: 'ordem: use recentes, nome, menor-estoque ou mais-vendidos.',
    })
    .default('recentes'),
  pagina: wholeNumber('pagina', { min: 1, max: 2000 }).default(1),
});
export type StaffProductQuery = z.output<typeof staffProductQuerySchema>;

export const staffProductListSchema = z.object({
  itens: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      /** The storefront address, e.g. `/torneira-x.html`. */
      caminho: z.string(),
      marca: z.string(),
      categoria: z.string(),
      /** The price shown (its first finish in stock), and the "de" price. */
      preco: z.number(),
      precoDe: z.number(),
      estoque: z.number().int(),
      /** On sale in the storefront. */
      ativo: z.boolean(),
      acabamentos: z.number().int(),
      /** SKUs of its finishes, in their order. */
      skus: z.array(z.string()),
    }),
  ),
  total: z.number().int(),
  pagina: z.number().int(),
  paginas: z.number().int(),
  /** What the filters offer: every brand, and every category a product can be in. */
  marcas: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  categorias: z.array(
    /** `nome`: the category with its parents, as the team reads it ("Cozinha › Torneiras"). */
    z.object({ id: z.number().int(), caminho: z.string(), nome: z.string() }),
  ),
});
export type StaffProductList = z.infer<typeof staffProductListSchema>;

/**
 * One product as the team edits it (`GET /v2/admin/products/{id}`; `PUT` the same shape to change it,
 * `POST /v2/admin/products` to create one): everything the storefront shows of it, and its finishes.
 */

/** A product's address (`/{endereco}.html`): lower-case letters, digits and hyphens. */
export const PRODUCT_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;
export const FINISHES_MAX = 20;
export const DESCRIPTION_MAX = 20_000;

const text = (name: string, max: number, min = 0) =>
  z
    .string({ error: `${name}: informe um texto.` })
    .trim()
    .min(min, { message: `${name}: pelo menos ${String(min)} caracteres.` })
    .max(max, { message: `${name}: no máximo ${String(max)} caracteres.` });

const money = (name: string) =>
  z
    .number({ error: `${name}: informe um valor em reais, como 199,90.` })
    .min(0.01, { message: `${name}: informe um valor maior que zero.` })
    .max(1_000_000, { message: `${name}: no máximo R$ 1.000.000,00.` })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      message: `${name}: use no máximo dois decimais (centavos).`,
    });

/** A measure for carriers: empty (null) until known, else a whole number in range. */
const measure = (name: string, max: number) =>
  wholeNumber(name, { min: 1, max, tooSmall: `${name}: informe um número maior que zero.` }).nullable();

export const finishInputSchema = z
  .object({
    /** The finish's id when it exists already; absent for a new one. */
    id: wholeNumber('id', { min: 1 }).optional(),
    sku: z
      .string({ error: 'Informe o SKU.' })
      .trim()
      .regex(/^[\p{L}\p{N}._-]{1,64}$/u, {
        message: 'SKU: letras, números, ponto, hífen ou sublinhado (até 64).',
      }),
    acabamento: z.string({ error: 'Escolha o acabamento.' }),
    precoDe: money('Preço "de"'),
    precoPor: money('Preço "por"'),
    estoque: wholeNumber('Estoque', { max: 1_000_000 }),
    pesoGramas: measure('Peso (g)', 1_000_000),
    alturaCm: measure('Altura (cm)', 1_000),
    larguraCm: measure('Largura (cm)', 1_000),
    comprimentoCm: measure('Comprimento (cm)', 1_000),
    /** What the NF-e says of it; absent: as stored (a new finish: empty, origin 0). */
    ncm: z
      .string({ error: NCM_MESSAGE })
      .refine((v) => v.trim() === '' || ncmOf(v) !== undefined, { message: NCM_MESSAGE })
      .transform((v) => ncmOf(v) ?? '')
      .optional(),
    cest: z
      .string({ error: CEST_MESSAGE })
      .refine((v) => cestOf(v) !== undefined, { message: CEST_MESSAGE })
      .transform((v) => cestOf(v) ?? '')
      .optional(),
    origem: wholeNumber('Origem', { max: 8 }).optional(),
    gtin: z
      .string({ error: GTIN_MESSAGE })
      .trim()
      .refine((v) => v === '' || validGtin(v), { message: GTIN_MESSAGE })
      .optional(),
  })
  .refine((f) => f.precoPor <= f.precoDe, {
    message: 'O preço "por" não pode ser maior que o preço "de".',
    path: ['precoPor'],
  });

/** Specifications a product lists at most, and how long each name and value may be. */
export const SPECS_MAX = 30;
export const SPEC_NAME_MAX = 60;
export const SPEC_VALUE_MAX = 200;

export const productInputSchema = z.object({
  nome: text('Nome', 150, 3),
  /** Empty: made from the name ("Torneira Gourmet Preta" → `torneira-gourmet-preta`, numbered when taken). */
  endereco: z
    .string({ error: 'Informe o endereço.' })
    .trim()
    .refine((v) => v === '' || PRODUCT_SLUG.test(v), {
      message: 'Endereço: letras minúsculas sem acento, números e hífens (ex.: torneira-gourmet-preta).',
    }),
  marca: wholeNumber('marca', { min: 1, required: 'Escolha a marca.' }),
  categoria: wholeNumber('categoria', { min: 1, required: 'Escolha a categoria.' }),
  /** The short text by the price (plain text). */
  resumo: text('Resumo', 300),
  /** The long description: HTML, kept only with what rich text may hold (contract/rich-text.ts). */
  descricao: text('Descrição', DESCRIPTION_MAX),
  ativo: z.boolean({ error: 'ativo: verdadeiro ou falso.' }),
  seoTitulo: text('Título para buscadores', 70),
  seoDescricao: text('Descrição para buscadores', 160),
  /**
   * What the product page lists under "Especificações" (name and value, in order); absent: left as they are,
   * so an automation that does not know them never wipes them.
   */
  especificacoes: z
    .array(
      z.object({
        nome: text('Nome da especificação', SPEC_NAME_MAX, 1),
        valor: text('Valor da especificação', SPEC_VALUE_MAX, 1),
      }),
      { error: 'Especificações: uma lista de nome e valor.' },
    )
    .max(SPECS_MAX, { message: `No máximo ${String(SPECS_MAX)} especificações por produto.` })
    .optional(),
  /** The `versao` the form was opened with: a save over a newer change is refused (409), not lost. */
  versao: z.string().max(64).optional(),
  acabamentos: z
    .array(finishInputSchema, { error: 'Informe os acabamentos.' })
    .min(1, { message: 'Cadastre pelo menos um acabamento.' })
    .max(FINISHES_MAX, { message: `No máximo ${String(FINISHES_MAX)} acabamentos por produto.` }),
});
export type ProductInput = z.output<typeof productInputSchema>;

export const staffProductSchema = z.object({
  produto: z.object({
    id: z.number().int(),
    nome: z.string(),
    endereco: z.string(),
    /** The storefront address, e.g. `/torneira-x.html`. */
    caminho: z.string(),
    /** Its former addresses, each answered with a 301 to `caminho`. */
    enderecosAntigos: z.array(z.string()),
    marca: z.number().int(),
    categoria: z.number().int(),
    resumo: z.string(),
    descricao: z.string(),
    ativo: z.boolean(),
    seoTitulo: z.string(),
    seoDescricao: z.string(),
    especificacoes: z.array(z.object({ nome: z.string(), valor: z.string() })),
    /** A fingerprint of everything the form saves: sent back with a save, it tells a stale form. */
    versao: z.string(),
    /** Its photos in order, each with the address of a small rendition for the panel. */
    fotos: z.array(
      z.object({
        id: z.string(),
        miniatura: z.string(),
        largura: z.number().int(),
        altura: z.number().int(),
      }),
    ),
    acabamentos: z.array(
      z.object({
        id: z.number().int(),
        sku: z.string(),
        acabamento: z.string(),
        precoDe: z.number(),
        precoPor: z.number(),
        estoque: z.number().int(),
        pesoGramas: z.number().int().nullable(),
        alturaCm: z.number().int().nullable(),
        larguraCm: z.number().int().nullable(),
        comprimentoCm: z.number().int().nullable(),
        ncm: z.string(),
        cest: z.string(),
        origem: z.number().int(),
        gtin: z.string(),
      }),
    ),
  }),
  /** What the form offers: every brand, every category a product can be in, every finish. */
  marcas: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  categorias: z.array(
    /** `nome`: the category with its parents, as the team reads it ("Cozinha › Torneiras"). */
    z.object({ id: z.number().int(), caminho: z.string(), nome: z.string() }),
  ),
  opcoesAcabamento: z.array(z.object({ slug: z.string(), nome: z.string() })),
  /** Its newest changes: by the editor, the sheet (by SKU) and the stock page. */
  historico: z.array(atividadeSchema),
});
export type StaffProduct = z.infer<typeof staffProductSchema>;
export const staffProductOptionsSchema = staffProductSchema.omit({ produto: true, historico: true });
export type StaffProductOptions = z.infer<typeof staffProductOptionsSchema>;

/**
 * A product's photos (`POST /v2/admin/products/{id}/photos` with the image's bytes; `PUT …/photos/{foto}`
 * `{"mover": -1 | 1}` moves one; `DELETE …/photos/{foto}` removes one). JPEG, PNG or WebP, told by content.
 */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** What the team is told of a photo past PHOTO_MAX_BYTES (the panel, the staff API). */
export const PHOTO_TOO_LARGE = `A foto passa de ${String(PHOTO_MAX_BYTES / 1024 / 1024)} MB: reduza-a e envie outra vez.`;
export const PHOTOS_MAX = 12;
/** The one staff call besides the sheet whose body is a file. */
export const PHOTO_UPLOAD_PATH = /\/v2\/admin\/products\/[^/]+\/photos$/;
export const photoMoveSchema = z.object({
  mover: z.union([z.literal(-1), z.literal(1)], { error: 'mover: use -1 (para antes) ou 1 (para depois).' }),
});
