import { z } from 'zod';

const cep = z
  .string({ message: 'Informe o CEP.' })
  .transform((v) => v.replace(/\D/g, ''))
  .refine((d) => /^\d{8}$/.test(d) && d !== '00000000', {
    message: 'CEP inválido. Informe os 8 dígitos, por exemplo 13035-000.',
  });

/** `POST shipment/product`: shipping of one product to a CEP. */
export const productShippingSchema = z.object({
  cep,
  idProduto: z.coerce
    .number({ message: 'Informe o produto.' })
    .int()
    .positive({ message: 'Informe o produto.' }),
  idAtributoValor: z.coerce.number().int().min(0).default(0),
  quantidade: z.coerce.number().int().min(1, { message: 'A quantidade mínima é 1.' }).max(999).default(1),
});

/** `POST shipment/cart` (our extension): shipping of the session's cart to a CEP. */
export const cartShippingSchema = z.object({ cep });

export const freteSchema = z.object({
  id: z.string(),
  tipo: z.enum(['entrega', 'retirada']),
  label: z.string(),
  valor: z.number(),
  /** Delivery time as the shopper reads it ('até 5 dias úteis'). */
  prazo: z.string(),
  /** Upper bound in working days (for sorting). */
  dias: z.number().int(),
  entregaAgendada: z.boolean(),
  /** Pickup address, for 'retirada'. */
  endereco: z.string().optional(),
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
