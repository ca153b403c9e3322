import type { Context } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';

/** The methods a route of the API can be declared with (middlewares, declared for all, are not routes). */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * The answer for a request no route took: a path some route serves with other methods is a 405 with `Allow`
 * (RFC 9110 §15.5.6), any other path a 404. The routes are read once, at the first miss, when all are mounted.
 */
export function unmatched(routes: () => readonly RouterRoute[]) {
  let methodsAt: ((path: string) => string[]) | undefined;
  return (c: Context) => {
    methodsAt ??= routeMethods(routes());
    const methods = methodsAt(c.req.path);
    if (methods.length === 0)
      return c.json({ error: 'not_found', mensagem: 'Recurso não encontrado na API.' }, 404);
    const allow = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    c.header('Allow', allow.join(', '));
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        error: 'method_not_allowed',
        mensagem: `Este endereço da API não aceita ${c.req.method.slice(0, 20)}: use ${methods.join(', ')}.`,
      },
      405,
    );
  };
}

function routeMethods(routes: readonly RouterRoute[]): (path: string) => string[] {
  const router = new TrieRouter<true>();
  for (const route of routes)
    if ((METHODS as readonly string[]).includes(route.method)) router.add(route.method, route.path, true);
  return (path) => METHODS.filter((method) => router.match(method, path)[0].length > 0);
}
