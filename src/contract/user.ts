import { z } from 'zod';

const pontosValorSchema = z.object({ quantidade: z.number(), valorEmMoeda: z.number() });

/** `GET checkout/user`: the current shopper; anonymous visitors get `logado: false` and empty fields. */
export const userSchema = z.object({
  id: z.number().int(),
  nomeRazao: z.string(),
  nomeFantasia: z.string(),
  celular: z.string(),
  telefone: z.string(),
  email: z.string(),
  pessoa: z.enum(['F', 'J', '']),
  sexo: z.enum(['m', 'f', 'o', 'i', '']),
  nascimento: z.string(),
  revendedor: z.boolean(),
  logado: z.boolean(),
  loginFacilitado: z.boolean(),
  primeiraCompra: z.boolean(),
  optin: z.boolean(),
  ativo: z.boolean(),
  endereco: z.object({
    cep: z.string(),
    principal: z.object({
      cep: z.string(),
      cidade: z.string(),
      uf: z.string(),
      pais: z.string(),
      /** The rest of the address (our extension, for the account page). */
      logradouro: z.string().optional(),
      numero: z.string().optional(),
      complemento: z.string().optional(),
      bairro: z.string().optional(),
    }),
  }),
  pontos: z.object({ valorTotal: pontosValorSchema }),
  representantes: z.array(z.unknown()),
  vendaInterna: z.object({ ativo: z.boolean(), vendedor: z.string() }),
  userHash: z.record(z.string(), z.string()),
});
export type User = z.infer<typeof userSchema>;

export const CEP_MESSAGE = 'CEP inválido. Informe os 8 dígitos, por exemplo 13035-000.';
/** `POST checkout/zipcode`: a CEP with or without its dash; answers the 8 digits. */
const CEP_FIELD = 'Envie o CEP no campo cep, por exemplo {"cep": "13035-000"}.';
export const zipcodeRequestSchema = z.object(
  {
    cep: z
      .string({ message: CEP_FIELD })
      .trim()
      .regex(/^\d{5}-?\d{3}$/, { message: CEP_MESSAGE })
      .transform((cep) => cep.replace('-', ''))
      .refine((cep) => cep !== '00000000', { message: CEP_MESSAGE }),
  },
  { message: CEP_FIELD },
);
