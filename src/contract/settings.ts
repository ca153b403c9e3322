import { z } from 'zod';
import { REGION_KEYS, regionRowSchema } from './shipping-table.ts';

const pagamentoSchema = z.object({ ativo: z.boolean(), desconto: z.number() });

/** `GET settings`: the site configuration (spec section 3) under the platform's `configuracoes` key. */
export const settingsSchema = z.object({
  configuracoes: z.object({
    nomeLoja: z.string(),
    /** Path of the store's logo; empty: the store has none, and shows its name. */
    logo: z.string(),
    /** The logo's size as the header draws it, in CSS pixels (the file is twice as large, for sharp screens). */
    logoTamanho: z.object({ largura: z.number(), altura: z.number() }).optional(),
    /** Path of the browser tab's icon. */
    favicon: z.string().optional(),
    /** Path of the icon a phone puts on its home screen (180 px PNG); absent: the store has no logo of its own. */
    icone: z.string().optional(),
    emailContato: z.object({ email: z.string() }),
    analytics: z.object({
      googleTagManager: z.string(),
      googleAnalytics: z.string(),
      facebookPixel: z.string(),
    }),
    integracoes: z.record(z.string(), z.object({ ativo: z.boolean() })),
    redesSociais: z.array(z.object({ nome: z.string(), url: z.string() })),
    marketplace: z.boolean(),
    assinatura: z.object({ ativo: z.boolean() }),
    listaPresente: z.object({ ativo: z.boolean() }),
    pagamentos: z.object({
      boleto: pagamentoSchema,
      pix: pagamentoSchema.extend({
        chave: z.string(),
        cidade: z.string(),
        minutosPagamento: z.number().int().positive(),
      }),
      cartao: pagamentoSchema.extend({
        /** Card installments: most parts, interest-free up to, smallest part (R$), monthly interest (%). */
        parcelamento: z.object({
          maximo: z.number().int(),
          semJuros: z.number().int(),
          valorMinimo: z.number(),
          juros: z.number(),
        }),
      }),
      deposito: pagamentoSchema,
    }),
    seo: z.object({ title: z.string(), description: z.string(), keywords: z.string() }),
    servidor: z.object({ forcarWww: z.boolean(), forcarSsl: z.boolean() }),
    checkout: z.object({
      alertaFreteGratis: z.object({ ativo: z.boolean(), valorFixo: z.number(), usarValorFixo: z.boolean() }),
      prazoMedioEntrega: z.object({ ativo: z.boolean(), porcentagem: z.number() }),
      valorMinimoCompra: z.number(),
      /** Our extension: working days between payment and dispatch, added to every delivery promise (absent: 0). */
      diasPreparo: z.number().int().optional(),
      /** Our extension: the owner's shipping table by region (/painel/frete); absent: the installation's. */
      tabelaFrete: z.record(z.enum(REGION_KEYS), regionRowSchema).optional(),
    }),
    dadosSite: z.object({
      razaoSocial: z.string(),
      cnpj: z.string(),
      /** Our extension: the state registration, or 'ISENTO' (absent on a platform that has none). */
      inscricaoEstadual: z.string().optional(),
      endereco: z.string(),
      /** Our extension: where parcels leave from, in parts (the carriers' labels and quotes). */
      remessa: z
        .object({
          cep: z.string(),
          logradouro: z.string(),
          numero: z.string(),
          complemento: z.string(),
          bairro: z.string(),
          cidade: z.string(),
          uf: z.string(),
        })
        .optional(),
      whatsapp: z.string(),
      telefone: z.string(),
      horarioAtendimento: z.array(z.object({ dias: z.string(), horario: z.string() })),
    }),
    manutencao: z.object({ ativo: z.boolean(), titulo: z.string(), mensagem: z.string() }),
    listagem: z.object({
      itensPorPagina: z.number().int(),
      opcoesItensPorPagina: z.array(z.number().int()),
      ordenacaoPadrao: z.string(),
    }),
    produto: z.object({ limiteNomeCarrinho: z.number().int(), exibirEstoque: z.boolean() }),
    /** The owner's pickup points (`/painel/retirada`); `horario` and `prazoDias` are our extension. */
    pontosRetirada: z.array(
      z.object({
        id: z.number().int(),
        nome: z.string(),
        endereco: z.string(),
        horario: z.string().optional(),
        prazoDias: z.number().int().optional(),
      }),
    ),
    paises: z.array(z.object({ sigla: z.string(), nome: z.string() })),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;
