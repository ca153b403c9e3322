/**
 * The `acao` values of buttons that share a form with others, written by the views that render them and
 * read by the controllers that answer them (src/controllers).
 */

/** An address form's 'Buscar' (fill the address from the CEP, save nothing). */
export const CEP_ACTION = 'buscar-cep';

/** What a form shows after a post: the values as typed and one refusal per field name. */
export type FormState = {
  values: Readonly<Record<string, string | undefined>>;
  errors: Readonly<Record<string, string | undefined>>;
};
