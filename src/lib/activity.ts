import type { Atividade, Entidade } from '#/contract/activity.ts';

/** What each kind of change is called in the panel. */
export const ENTITY_LABELS: Record<Entidade, string> = {
  pedido: 'Pedidos',
  cupom: 'Cupons',
  estoque: 'Estoque',
  avaliacao: 'Avaliações',
  membro: 'Equipe',
  produto: 'Produtos',
  mensagem: 'Mensagens',
  configuracao: 'Configurações',
  marca: 'Marcas',
  categoria: 'Categorias',
  acabamento: 'Acabamentos',
  cliente: 'Clientes',
  retirada: 'Retirada',
  pagina: 'Página',
  banner: 'Banner',
  menu: 'Menu',
  popup: 'Aviso',
  vitrine: 'Vitrines',
};

/**
 * A message's id in the activity as the team reads it: the inbox's `formulario-12` is "Formulário nº 12", a
 * sent e-mail's UUID is "E-mail", each with the panel page that lists it.
 */
export function messageEntry(id: string): { href: string; text: string } {
  const [, source, rest = ''] = /^(formulario|avaliacao|newsletter|resposta-pronta)-(.+)$/.exec(id) ?? [];
  const page = `/painel/mensagens/${encodeURIComponent(id)}`;
  if (source === 'formulario') return { href: page, text: `Formulário nº ${rest}` };
  if (source === 'avaliacao') return { href: page, text: `Avaliação da loja nº ${rest}` };
  if (source === 'newsletter') return { href: '/painel/mensagens', text: `Newsletter: ${rest}` };
  if (source === 'resposta-pronta')
    return { href: '/painel/mensagens/respostas-prontas', text: `Resposta pronta nº ${rest}` };
  return { href: '/painel/envios', text: 'E-mail da loja' };
}

/** The panel's page of each kind of thing that has one, with the word for it. */
const PAGES: Partial<Record<Entidade, { path: string; word: string }>> = {
  produto: { path: '/painel/produtos', word: 'Produto' },
  cliente: { path: '/painel/clientes', word: 'Cliente' },
  pagina: { path: '/painel/paginas', word: 'Página' },
  banner: { path: '/painel/banners', word: 'Banner' },
};

/** What a change was made to, as the team reads it, with its page in the panel when it has one. */
export function changedThing(a: Pick<Atividade, 'entidade' | 'idEntidade'>): { href?: string; text: string } {
  if (a.entidade === 'pedido')
    return { href: `/painel/pedidos/${a.idEntidade}`, text: `Pedido ${a.idEntidade}` };
  if (a.entidade === 'mensagem') return messageEntry(a.idEntidade);
  if (a.entidade === 'menu' && /^[a-z0-9-]{1,60}$/.test(a.idEntidade))
    return { href: `/painel/menus/${a.idEntidade}`, text: `Menu ${a.idEntidade}` };
  const page = PAGES[a.entidade];
  return page && /^\d+$/.test(a.idEntidade)
    ? { href: `${page.path}/${a.idEntidade}`, text: `${page.word} ${a.idEntidade}` }
    : { text: `${ENTITY_LABELS[a.entidade]} · ${a.idEntidade}` };
}
