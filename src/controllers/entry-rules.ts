import { checkEvaluationKey } from '#/api/forms.ts';
import type { Client } from '#/api/core.ts';
import { ApiError } from '#/api/core.ts';

/**
 * Page-entry rules (spec section 2): a page may name a rule that decides, before it renders, whether
 * the visitor may see it. A rule answers where to send the visitor instead, or nothing to go on. A
 * rule name nobody knows is a programming error: the page fails with a 500.
 */
type Rule = (context: { url: URL; client: Client }) => Promise<string | undefined>;

const RULES: Record<string, Rule> = {
  /** The store evaluation needs an invitation key the platform still accepts; otherwise home. */
  'avaliacao-loja': async ({ url, client }) => {
    const key = url.searchParams.get('key');
    if (!key) return '/';
    try {
      return (await checkEvaluationKey(client, key)).sucesso ? undefined : '/';
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return '/';
      throw error;
    }
  },
};

export class UnknownEntryRule extends Error {
  override name = 'UnknownEntryRule';
}

/** Where to redirect, or undefined to render the page. */
export async function applyEntryRule(
  name: string,
  context: { url: URL; client: Client },
): Promise<string | undefined> {
  const rule = RULES[name];
  if (!rule) throw new UnknownEntryRule(`Regra de entrada desconhecida: ${name}`);
  return rule(context);
}
