// How /painel/integracoes names its fields, shared by its controller and its card: the provider's id before
// each field, so the five forms on one page never share a name or an id.
import type { IntegrationId } from '#/contract/integrations.ts';

export const fieldName = (id: IntegrationId, campo: string) => `${id}-${campo}`;

/** The provider whose form was posted, with what was typed and each refusal under its field. */
export type PostedIntegration = {
  id: IntegrationId;
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
};
