import { z } from 'zod';
import { cepSchema } from './documents.ts';

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
  /** A company's state registration (our extension): digits, `ISENTO`, or empty. */
  inscricaoEstadual: z.string().optional(),
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

export { CEP_MESSAGE } from './documents.ts';
/** `POST checkout/zipcode`: a CEP with or without its dash; answers the 8 digits. */
const CEP_FIELD = 'Envie o CEP no campo cep, por exemplo {"cep": "13035-000"}.';
export const zipcodeRequestSchema = z.object(
  {
    cep: cepSchema(CEP_FIELD),
  },
  { message: CEP_FIELD },
);
