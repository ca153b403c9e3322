import { z } from 'zod';

// The store's e-mail as the owners see it (our extension): whether it reaches people, and while it does not
// (no SMTP), the messages kept in the outbox, to read and to send again once it does.

/** Kept messages listed at most, the newest first (the outbox keeps a week). */
export const OUTBOX_SHOWN = 100;

export const outboxSchema = z.object({
  /** The store sends e-mail (SMTP): false means every message only waits here. */
  envia: z.boolean(),
  mensagens: z.array(
    z.object({
      id: z.number().int(),
      para: z.string(),
      assunto: z.string(),
      em: z.string(),
      /** The message's text part, as the person would read it. */
      texto: z.string(),
    }),
  ),
  /** Messages kept in all (more than are listed, when over OUTBOX_SHOWN). */
  total: z.number().int(),
});
export type Outbox = z.infer<typeof outboxSchema>;
