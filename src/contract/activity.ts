import { z } from 'zod';
import { dayFilter, listSearch, wholeNumber } from './common.ts';
import { OFFSET_MAX } from './listing.ts';

/**
 * The staff's activity (`GET /v2/admin/activity`): every change the team made through the staff API, newest
 * first, with what each field was and became.
 */
export const ENTITIES = [
  'pedido',
  'cupom',
  'estoque',
  'avaliacao',
  'membro',
  'produto',
  'mensagem',
  'configuracao',
  'marca',
  'categoria',
  'acabamento',
  'cliente',
  'retirada',
  'pagina',
  'banner',
  'menu',
  'popup',
  'vitrine',
] as const;
export type Entidade = (typeof ENTITIES)[number];

export const activityQuerySchema = z.object({
  entidade: z
    .enum(ENTITIES, { message: `Entidade inválida. Use uma destas: ${ENTITIES.join(', ')}.` })
    .optional(),
  id: z.string().trim().min(1).max(64, { message: 'Identificador longo demais.' }).optional(),
  /** Who made the change: a member (`equipe:12`) or the automation token (`token`). */
  autor: z
    .string()
    .regex(/^(equipe:\d{1,9}|token)?$/, { message: 'Autor inválido: escolha um membro da lista.' })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** Part of the changed thing's id: an order's number, a coupon's code, a SKU. */
  q: listSearch(),
  /** Changed on or after this day, on or before that one (Brasília time). */
  de: dayFilter('Data inicial'),
  ate: dayFilter('Data final'),
  offset: wholeNumber('offset', { max: OFFSET_MAX }).default(0),
  limit: wholeNumber('limit', { min: 1, max: 200 }).default(50),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const atividadeSchema = z.object({
  id: z.number().int(),
  /** `token`: the automation token (ADMIN_TOKEN); `equipe:<id>`: a member of the team. */
  autor: z.string(),
  /** Who that is, to read: the member's name, "Automação (ADMIN_TOKEN)". */
  autorNome: z.string(),
  acao: z.string(),
  entidade: z.enum(ENTITIES),
  idEntidade: z.string(),
  antes: z.record(z.string(), z.unknown()).nullable(),
  depois: z.record(z.string(), z.unknown()).nullable(),
  /** What was done, to read ("Cupom criado"). */
  acaoNome: z.string(),
  /** The fields that changed, as a person reads them: names for ids, reais, Sim/Não. */
  mudancas: z.array(z.object({ campo: z.string(), antes: z.string(), depois: z.string() })),
  /** ISO 8601. */
  data: z.string(),
});
export type Atividade = z.infer<typeof atividadeSchema>;

export const activityListSchema = z.object({ atividades: z.array(atividadeSchema), total: z.number().int() });

/** Changes one export carries at most (the newest first); narrower filters for more. */
export const ACTIVITY_EXPORT_MAX = 10_000;
/** `GET /v2/admin/activity/export`: every change under the filters (offset and limit aside). */
export const activityExportSchema = z.object({ atividades: z.array(atividadeSchema), truncado: z.boolean() });
