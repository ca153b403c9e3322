import { z } from 'zod';
import { imagemSchema, rotaSchema } from './common.ts';

export const parcelaSchema = z.object({
  parcelas: z.number().int(),
  valorParcela: z.number(),
  valorTotal: z.number(),
  taxa: z.number(),
  exibirTaxa: z.boolean(),
});
export type Parcela = z.infer<typeof parcelaSchema>;

/**
 * A price as the platform offers it: `vista` is the cash price (Pix, and boleto when a provider takes it);
 * `textoVista` names those methods for the cash line ('no Pix', our extension); `parcelamento` lists the
 * card's plans and is empty when no card is offered, so no page promises installments the checkout
 * does not take.
 */
export const precosSchema = z.object({
  de: z.number(),
  por: z.number(),
  vista: z.number(),
  descontoVista: z.number(),
  textoVista: z.string(),
  parcelamento: z.array(parcelaSchema),
});
export type Precos = z.infer<typeof precosSchema>;

export const seloSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  tipo: z.enum(['texto', 'imagem']),
  label: z.string(),
  ...imagemSchema.shape,
  proporcaoDetalheProduto: z.number(),
  proporcaoVitrineProduto: z.number(),
  cores: z.object({
    texto: z.string(),
    selo: z.string(),
    posicao: z.object({ x: z.enum(['left', 'center', 'right']), y: z.enum(['top', 'middle', 'bottom']) }),
  }),
});
export type Selo = z.infer<typeof seloSchema>;

export const marcaSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  ...imagemSchema.shape,
  ativo: z.boolean(),
  rota: rotaSchema,
  url: z.string(),
});
export type Marca = z.infer<typeof marcaSchema>;

const sizesSchema = z.object({ zoom: z.string(), big: z.string(), medium: z.string(), small: z.string() });
export const imagemProdutoSchema = z.object({
  id: z.number().int(),
  idAtributoValor: z.number().int(),
  descricao: z.string(),
  label: z.string(),
  arquivos: sizesSchema,
  arquivosOriginais: sizesSchema,
});
export type ImagemProduto = z.infer<typeof imagemProdutoSchema>;

/** The ready-made add-to-cart payload (values are strings, as the platform sends them). */
export const carrinhoProdutoSchema = z.object({
  hash: z.string(),
  url: z.string(),
  tipo: z.enum(['produto', 'lista']),
  itens: z.array(
    z.object({
      idProduto: z.string(),
      idAtributoSimples: z.string(),
      idUnidadeVenda: z.string(),
      idArmazem: z.string(),
      quantidade: z.string(),
      adicional: z.string(),
      parametros: z.string(),
    }),
  ),
});

export const productStatusSchema = z.enum(['disponivel', 'indisponivel', 'sobConsulta']);

/** A product in listing and showcase form (`WapProduto`). */
export const produtoSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  nome: z.string(),
  estoque: z.number().int(),
  estoqueMarketplace: z.number().int(),
  status: productStatusSchema,
  descricoes: z.record(z.string(), z.string()),
  marca: marcaSchema,
  avaliacao: z.object({ media: z.number(), quantidade: z.number().int() }),
  precos: precosSchema,
  selos: z.array(seloSchema),
  filtros: z.array(
    z.object({
      idFiltro: z.number().int(),
      idValor: z.number().int(),
      nome: z.string(),
      label: z.string(),
      ...imagemSchema.shape,
    }),
  ),
  midias: z.object({ imagens: z.array(imagemProdutoSchema) }),
  rota: rotaSchema,
  url: z.string(),
});
export type Produto = z.infer<typeof produtoSchema>;

export const atributoSimplesValorSchema = z.object({
  idAtributoValor: z.number().int(),
  sku: z.string(),
  label: z.string(),
  ...imagemSchema.shape,
  estoque: z.number().int(),
  estoqueMarketplace: z.number().int(),
  descontoAdicional: z.number(),
  precos: precosSchema,
  carrinho: carrinhoProdutoSchema,
  selecionado: z.boolean(),
  url: z.string(),
});
export type AtributoSimplesValor = z.infer<typeof atributoSimplesValorSchema>;

export const caracteristicaSchema = z.object({
  nome: z.string(),
  visivelSite: z.boolean(),
  itens: z.array(z.object({ id: z.number().int(), label: z.string(), valor: z.string() })),
});

/** The detailed product: `conteudo` of `url/product/detail`. */
export const produtoDetalheSchema = produtoSchema.extend({
  ean: z.string(),
  mpn: z.string(),
  tipo: z.string(),
  categoria: z.object({
    id: z.number().int(),
    nome: z.string(),
    nivel: z.number().int(),
    taxonomia: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  }),
  atributos: z.object({
    simples: z
      .object({
        id: z.number().int(),
        nome: z.string(),
        tipo: z.enum(['texto', 'imagem']),
        valores: z.array(atributoSimplesValorSchema),
      })
      .optional(),
  }),
  caracteristicas: z.array(caracteristicaSchema),
  combinacoes: z.array(
    z.object({
      id: z.number().int(),
      tipoDesconto: z.enum(['valor', 'porcentagem']),
      desconto: z.number(),
      produto: produtoSchema,
    }),
  ),
});
export type ProdutoDetalhe = z.infer<typeof produtoDetalheSchema>;
