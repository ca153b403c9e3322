import { z } from 'zod';
import { estruturaSchema, imagemSchema, nivelSchema, rotaSchema } from './common.ts';
import { marcaSchema, produtoDetalheSchema, produtoSchema, seloSchema } from './product.ts';

/**
 * `GET url/verify?url=`: which kind of page a path is. `destino` (our extension): the product moved, and
 * this is its address now; the storefront answers the old one with a 301 there.
 */
export const verifySchema = z.object({ nivel: nivelSchema, destino: z.string().optional() });
export type Verify = z.infer<typeof verifySchema>;

export const homeSchema = z.object({
  estrutura: estruturaSchema,
  conteudo: z.object({ nome: z.string() }),
});
export type HomePage = z.infer<typeof homeSchema>;

/** Institutional page (`url/page`). */
export const institutionalSchema = z.object({
  estrutura: estruturaSchema,
  conteudo: z.object({ id: z.number().int(), titulo: z.string(), conteudo: z.string() }),
});
export type InstitutionalPage = z.infer<typeof institutionalSchema>;

export const productPageSchema = z.object({ estrutura: estruturaSchema, conteudo: produtoDetalheSchema });
export type ProductPage = z.infer<typeof productPageSchema>;

const linkSchema = z.object({ rota: rotaSchema, url: z.string() });

const filtroValorSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  ...imagemSchema.shape,
  ordem: z.number().int(),
  ativo: z.boolean(),
  quantidade: z.number().int(),
  ...linkSchema.shape,
});
const filtroSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  tipo: z.string(),
  valores: z.array(filtroValorSchema),
});
const faixaSchema = z.object({ de: z.number(), ate: z.number(), ativo: z.boolean(), ...linkSchema.shape });
const categoriaLinkSchema = z.object({ id: z.number().int(), nome: z.string(), ...linkSchema.shape });

export const detalhesSchema = z.object({
  categorias: z.object({
    niveisAnteriores: z.array(categoriaLinkSchema),
    atual: z.array(categoriaLinkSchema),
    irmas: z.array(categoriaLinkSchema),
    filhas: z.array(categoriaLinkSchema),
  }),
  marcas: z.array(marcaSchema.extend({ quantidade: z.number().int(), ativo: z.boolean() })),
  filtros: z.array(filtroSchema),
  atributos: z.array(filtroSchema),
  filtrosPreco: z.array(faixaSchema),
  filtrosDescontoPrecoPor: z.record(z.string(), faixaSchema),
  selos: z.array(seloSchema),
  ordenacao: z.array(
    z.object({ label: z.string(), title: z.string(), atual: z.boolean(), ...linkSchema.shape }),
  ),
});
export type Detalhes = z.infer<typeof detalhesSchema>;

export const infoSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  exibindo: z.number().int(),
  total: z.number().int(),
  prev: z.string(),
  self: z.string(),
  next: z.string(),
  filtros: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export type ListingInfo = z.infer<typeof infoSchema>;

const entidadeSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  descricaoLonga: z.string(),
});

export const listingSchema = z.object({
  estrutura: estruturaSchema,
  conteudo: z.object({
    produtos: z.array(produtoSchema),
    /** A search's text as read, suggestions, and the title of its results (empty on other listings). */
    busca: z.object({ texto: z.string(), sugestao: z.array(z.string()), titulo: z.string() }),
    layoutPersonalizado: z.object({ layout: z.string(), codigoCss: z.string() }),
    categoria: entidadeSchema.optional(),
    marca: entidadeSchema.optional(),
    landingPage: entidadeSchema.optional(),
    detalhes: detalhesSchema,
  }),
  info: infoSchema,
});
export type ListingPage = z.infer<typeof listingSchema>;

const listaResumoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  tipo: z.string(),
  quantidadeProdutos: z.number().int(),
  imagem: z.string(),
  rota: rotaSchema,
  url: z.string(),
});

export const listListingSchema = z.object({
  estrutura: estruturaSchema,
  conteudo: z.object({ listas: z.array(listaResumoSchema) }),
  info: infoSchema,
});
export type ListListingPage = z.infer<typeof listListingSchema>;

export const listDetailSchema = z.object({
  estrutura: estruturaSchema,
  conteudo: listaResumoSchema.extend({ produtos: z.array(produtoSchema.extend({ quantidade: z.number() })) }),
});
export type ListDetailPage = z.infer<typeof listDetailSchema>;
