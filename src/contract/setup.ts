import { z } from 'zod';

/**
 * What a new store still has of the seed's example (`GET /v2/admin/setup`, owners; our extension): the panel's
 * home lists each item with where it is changed, until all are done.
 */
export const setupItemSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  /** What is still the example's, or what is missing, in the owner's words. */
  detalhe: z.string(),
  /** The panel page (and field) where it is changed. */
  href: z.string(),
  feito: z.boolean(),
});
export const setupSchema = z.object({ itens: z.array(setupItemSchema), pendentes: z.number().int() });
export type SetupItem = z.infer<typeof setupItemSchema>;
export type Setup = z.infer<typeof setupSchema>;
