import { z } from 'zod';

/** An order's parcel at the shipping provider, as the team's order page shows it (our extension). */
export const SHIPMENT_STATE_LABELS: Record<string, string> = {
  nova: 'Compra da etiqueta não concluída',
  carrinho: 'No carrinho do Melhor Envio, não paga',
  paga: 'Paga, etiqueta ainda não gerada',
  gerada: 'Etiqueta gerada: aguardando a postagem',
  postada: 'Postada: a caminho',
  entregue: 'Entregue',
  nao_entregue: 'Não entregue (a transportadora devolve ao remetente)',
  cancelada: 'Cancelada no Melhor Envio',
};

export const envioSchema = z.object({
  /** A shipping provider is configured (MELHORENVIO_TOKEN). */
  provedor: z.boolean(),
  etiqueta: z
    .object({
      situacao: z.string(),
      transportadora: z.string(),
      servico: z.string(),
      valor: z.number(),
      rastreio: z.string(),
      /** The label's PDF to print. */
      etiqueta: z.string(),
      /** What stopped the last try, if it stopped. */
      motivo: z.string(),
      postadoEm: z.string().optional(),
      entregueEm: z.string().optional(),
    })
    .optional(),
  /** The services that carry it now (`servico` is what `POST …/label` takes), while a label may be bought. */
  cotacoes: z.array(z.object({ servico: z.string(), texto: z.string() })),
  /** The service the shopper chose at the checkout, when a carrier priced it (offered first). */
  escolhido: z.string().optional(),
  /** What a label needs and the store lacks. */
  pendencias: z.array(z.string()),
  /** Why the services could not be quoted now. */
  erroCotacao: z.string().optional(),
});
export type Envio = z.infer<typeof envioSchema>;

/** `POST /v2/admin/orders/{numero}/label`: the service chosen from `cotacoes`. */
export const buyLabelSchema = z.object({
  servico: z.string({ message: 'Escolha o serviço de entrega.' }).regex(/^\d{1,9}$/, {
    message: 'Escolha o serviço de entrega.',
  }),
});
