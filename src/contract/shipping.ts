import { z } from 'zod';
import { wholeNumber } from './common.ts';
import { cepSchema } from './documents.ts';

const cep = cepSchema();

/** `POST shipment/product`: shipping of one product to a CEP. */
export const productShippingSchema = z.object({
  cep,
  idProduto: wholeNumber('idProduto', {
    min: 1,
    required: 'Informe o produto.',
    tooSmall: 'Informe o produto.',
  }),
  idAtributoValor: wholeNumber('idAtributoValor').default(0),
  quantidade: wholeNumber('A quantidade', { min: 1, max: 999, tooSmall: 'A quantidade mínima é 1.' }).default(
    1,
  ),
});

/** `POST shipment/cart` (our extension): shipping of the session's cart to a CEP. */
export const cartShippingSchema = z.object({ cep });

export const freteSchema = z.object({
  id: z.string(),
  tipo: z.enum(['entrega', 'retirada']),
  label: z.string(),
  valor: z.number(),
  /** The price before the cart's coupon took its part off the shipping (our extension; absent without one). */
  valorSemCupom: z.number().optional(),
  /** Delivery time as the shopper reads it ('até 5 dias úteis'). */
  prazo: z.string(),
  /** Upper bound in working days (for sorting). */
  dias: z.number().int(),
  entregaAgendada: z.boolean(),
  /** Pickup address, for 'retirada'. */
  endereco: z.string().optional(),
  /** The carrier's service that prices and carries it, when a shipping provider quoted it (our extension). */
  servico: z.string().optional(),
});
export type Frete = z.infer<typeof freteSchema>;

export const shippingSchema = z.object({
  fretes: z.array(freteSchema),
  restricaoEntrega: z.string(),
  mensagem: z.string(),
  /** Where the CEP is (UF), for the page to say so. */
  uf: z.string(),
  /** How much more buys free shipping (0 when it is already free; absent when there is no such offer). */
  faltaFreteGratis: z.number().optional(),
});
export type Shipping = z.infer<typeof shippingSchema>;
