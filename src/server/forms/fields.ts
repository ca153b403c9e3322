import type { z } from 'zod';

/** A form body read with its schema: the data, or one Portuguese message per field. */
export function readForm<S extends z.ZodType>(
  body: unknown,
  schema: S,
): { ok: true; data: z.infer<S> } | { ok: false; erros: Record<string, string> } {
  // A body that is not an object of fields (a bare string, a list) is no form: one Portuguese line, never zod's.
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
    return { ok: false, erros: { formulario: 'Envie os campos do formulário como um objeto JSON.' } };
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const erros: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'formulario');
    erros[field] ??= issue.message;
  }
  return { ok: false, erros };
}

/** The 400 body of a form with problems: the first message, and each field's. */
export const invalidForm = (erros: Record<string, string>) => ({
  error: 'validation',
  mensagem: Object.values(erros)[0] ?? 'Confira os campos do formulário.',
  sucesso: false,
  erros,
});
