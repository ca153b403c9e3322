import { z } from 'zod';
import { cupomSchema } from './coupon.ts';
import { QUANTITY_MAX } from './cart-rules.ts';
import { wholeNumber } from './common.ts';
import { parcelaSchema } from './product.ts';

const attributeSchema = z.object({
  atributo: z.object({ id: z.number().int(), label: z.string(), tipo: z.string() }),
  atributoValor: z.object({ id: z.number().int(), label: z.string(), imagem: z.string() }),
});

/** What identifies a cart line; sent back on update and remove. */
export const cartHashSchema = z.object({
  idProduto: z.number().int(),
  idAtributoSimples: z.number().int(),
  idUnidadeVenda: z.number().int(),
  idArmazem: z.number().int(),
  quantidade: z.number().int(),
  adicional: z.string(),
});
export type CartHash = z.infer<typeof cartHashSchema>;

export const cartItemSchema = z.object({
  nome: z.string(),
  sku: z.string(),
  tipo: z.enum(['produto', 'lista']),
  conjunto: z.boolean(),
  quantidade: z.number().int(),
  /** Stock of the line's variant: the quantity input's upper bound. */
  estoque: z.number().int(),
  imagem: z.string(),
  url: z.string(),
  precos: z.object({
    precoDe: z.number(),
    precoPor: z.number(),
    descontoVista: z.number(),
    total: z.number(),
    tipo: z.string(),
  }),
  atributos: z.object({ simples: attributeSchema.optional() }),
  hash: cartHashSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The whole cart, as every cart call answers it. */
export const cartSchema = z.object({
  quantidadeItens: z.number().int(),
  quantidadeTotal: z.number().int(),
  quantidadePontos: z.number().int(),
  mensagens: z.array(z.object({ tipo: z.string(), mensagem: z.string() })),
  itens: z.array(cartItemSchema),
  /** The coupon on the cart (our extension): what it takes off now, or why it stopped applying. */
  cupom: cupomSchema.optional(),
  subtotal: z.object({
    valor: z.number(),
    /** The cash total; `texto` names the methods it is paid with ('no Pix', our extension). */
    descontoVista: z.object({
      valor: z.number(),
      porcentagem: z.number(),
      desconto: z.number(),
      texto: z.string(),
    }),
    parcelamento: z.array(parcelaSchema),
  }),
});
export type Cart = z.infer<typeof cartSchema>;

export { CART_LINES_MAX, QUANTITY_MAX, validQuantity } from './cart-rules.ts';
const id = (name: string) => wholeNumber(name);
const quantity = wholeNumber('A quantidade', {
  min: 1,
  max: QUANTITY_MAX,
  tooSmall: 'A quantidade mínima é 1.',
  tooLarge: `A quantidade máxima por item é ${String(QUANTITY_MAX)}.`,
});

const lineSchema = z.object({
  idProduto: wholeNumber('idProduto', {
    min: 1,
    required: 'Informe o produto (idProduto).',
    tooSmall: 'Informe o produto (idProduto).',
  }),
  idAtributoSimples: id('idAtributoSimples').default(0),
  idUnidadeVenda: id('idUnidadeVenda').default(0),
  idArmazem: id('idArmazem').default(0),
  adicional: z.string().max(200).optional(),
});

/** `POST checkout/cart`: add items (quantities add to the line). */
export const cartAddSchema = z.object(
  {
    tipo: z.enum(['produto', 'lista'], { message: 'tipo deve ser "produto" ou "lista".' }).default('produto'),
    itens: z
      .array(lineSchema.extend({ quantidade: quantity }), { message: 'Envie os itens em itens: [...].' })
      .min(1, { message: 'Envie ao menos um item.' })
      .max(50, { message: 'No máximo 50 itens por vez.' }),
  },
  { message: 'Envie um objeto com tipo e itens.' },
);
/** `PUT checkout/cart`: one line's hash with the new absolute quantity. */
export const cartUpdateSchema = lineSchema.extend({
  tipo: z.enum(['produto', 'lista']).default('produto'),
  quantidade: quantity,
});
/** `DELETE checkout/cart`: one line's hash. */
export const cartRemoveSchema = lineSchema.extend({ tipo: z.enum(['produto', 'lista']).default('produto') });

/** A ready-made `POST checkout/cart` body: what the drawer sends to add an offer. */
export const cartPayloadSchema = z.object({
  tipo: z.enum(['produto', 'lista']),
  itens: z.array(
    z.object({
      idProduto: z.number().int(),
      idAtributoSimples: z.number().int(),
      idUnidadeVenda: z.number().int(),
      idArmazem: z.number().int(),
      quantidade: z.number().int(),
    }),
  ),
});
export type CartPayload = z.infer<typeof cartPayloadSchema>;

export const upsellItemSchema = z.object({
  idProduto: z.number().int(),
  nome: z.string(),
  imagem: z.string(),
  url: z.string(),
  precoDe: z.number(),
  precoPor: z.number(),
  desconto: z.object({ porcentagemDesconto: z.number() }),
  /** The finish choice; each value carries the cart payload that adds it. */
  atributosSimples: z.object({
    nome: z.string(),
    valores: z.array(
      z.object({ idAtributoValor: z.number().int(), label: z.string(), carrinho: cartPayloadSchema }),
    ),
  }),
  /** The offer fixes the finish (the one already in the cart): no choice is offered. */
  travarAtributoSimples: z.boolean(),
  /** The finish chosen by the offer (locked, or the only one); 0 = the shopper must choose. */
  idAtributoSimplesSelecionado: z.number().int(),
  /** The payload for the selected finish; no items while a choice is pending. */
  carrinho: cartPayloadSchema,
});
export type UpsellItem = z.infer<typeof upsellItemSchema>;

/** `GET checkout/upsell/carrinhoLateral`: offers for the side cart, from what is in it. */
export const upsellSchema = z.object({
  upsellDisponiveis: z.array(
    z.object({
      id: z.number().int(),
      titulo: z.string(),
      textoBotao: z.string(),
      tipoItem: z.enum(['produto', 'lista']),
      itens: z.array(upsellItemSchema),
    }),
  ),
});
export type Upsell = z.infer<typeof upsellSchema>;
