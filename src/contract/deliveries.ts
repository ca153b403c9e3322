import { z } from 'zod';

// What the store sends and sweeps, as the owners see it (`/v2/admin/deliveries`, our extension): the messages
// that failed for good ("Envios com falha"), how many wait to leave, and each sweep's last run.

/** Failed messages listed at most, the newest first (the store keeps them a month). */
export const FAILED_SHOWN = 100;

/** A sweep with no run for this many of its periods is late: the panel says so. */
export const LATE_AFTER_PERIODS = 3;

export const deliveriesSchema = z.object({
  /** The store sends e-mail (SMTP). */
  envia: z.boolean(),
  /** Messages waiting to leave (new, or between tries). */
  naFila: z.number().int(),
  falhas: z.array(
    z.object({
      id: z.uuid(),
      /** What kind of message (`pedido-enviado`…). */
      tipo: z.string(),
      para: z.string(),
      assunto: z.string(),
      /** Why it failed, in words (the mail server's answer, or that it did not answer). */
      motivo: z.string(),
      tentativas: z.number().int(),
      em: z.string(),
      /** The order it was about, when it was about one. */
      pedido: z.number().int().optional(),
    }),
  ),
  /** Failed messages in all (more than are listed, when over FAILED_SHOWN). */
  totalFalhas: z.number().int(),
  rotinas: z.array(
    z.object({
      nome: z.string(),
      titulo: z.string(),
      /** Its period, in minutes. */
      aCadaMinutos: z.number().int(),
      /** The last run's start; absent while it never ran. */
      ultimaEm: z.string().optional(),
      /** What the last run did, in words ('' when nothing). */
      disse: z.string(),
      /** Why the last run failed; absent when it did not. */
      erro: z.string().optional(),
      execucoes: z.number().int(),
      /** No run for LATE_AFTER_PERIODS periods (or none since the store started long ago). */
      atrasada: z.boolean(),
    }),
  ),
});
export type Deliveries = z.infer<typeof deliveriesSchema>;

/** The messages of one order (`GET /v2/admin/orders/{n}/messages`): what was sent, and where each is. */
export const orderMessagesSchema = z.object({
  mensagens: z.array(
    z.object({
      id: z.uuid(),
      tipo: z.string(),
      para: z.string(),
      assunto: z.string(),
      /** `fila` (waiting to leave), `enviado`, `guardado` (no SMTP: in the outbox), `falhou`. */
      situacao: z.enum(['fila', 'enviado', 'guardado', 'falhou']),
      em: z.string(),
      /** When it left (SMTP took it). */
      enviadoEm: z.string().optional(),
      motivo: z.string().optional(),
    }),
  ),
});
export type OrderMessages = z.infer<typeof orderMessagesSchema>;
