// One concern: a recorded change as a person reads it: each field by its name, ids as the names they stand
// for (a brand, a category), money in reais, yes and no, lists and restrictions in words; only what changed.
import { inArray } from 'drizzle-orm';
import { COUPON_KIND_LABELS } from '#/contract/coupon.ts';
import type { CouponKind } from '#/contract/coupon.ts';
import { STATUS_LABELS } from '#/contract/order.ts';
import { PAPEL_LABELS } from '#/contract/staff.ts';
import { STORE_CONFIG_LABELS } from '#/contract/store-config.ts';
import type { Papel } from '#/contract/staff.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { formatBRL } from '#/lib/money.ts';

/** Field keys as the team reads them (a key not here is shown as it is: a SKU's "preço por", say). */
const LABELS: Record<string, string> = {
  ...STORE_CONFIG_LABELS,
  nome: 'Nome',
  endereco: 'Endereço',
  horario: 'Horário',
  prazoDias: 'Dias úteis até ficar pronto',
  marca: 'Marca',
  categoria: 'Categoria',
  resumo: 'Resumo',
  descricao: 'Descrição',
  ativo: 'Ativo',
  seoTitulo: 'Título no Google',
  seoDescricao: 'Descrição no Google',
  especificacoes: 'Especificações',
  fotos: 'Fotos',
  situacao: 'Situação',
  devolvido: 'Devolvido',
  devolucao: 'Devolução',
  exclusao: 'Exclusão da conta',
  nota: 'Nota',
  codigo: 'Código',
  tipo: 'Tipo',
  valor: 'Valor',
  valorMinimo: 'Compra mínima',
  inicio: 'Início',
  fim: 'Fim',
  usosMaximos: 'Usos no total',
  usosPorCliente: 'Usos por cliente',
  primeiraCompra: 'Só na primeira compra',
  restricao: 'Vale para',
  usados: 'Usos',
  papel: 'Papel',
  email: 'E-mail',
  senha: 'Senha',
  segundoFator: 'Verificação em duas etapas',
  estoque: 'Estoque',
  precoDe: 'Preço de',
  precoPor: 'Preço por',
  acabamento: 'Acabamento',
  transportadora: 'Transportadora',
  rastreio: 'Rastreio',
  respondida: 'Respondida',
  oculta: 'Oculta',
  cor: 'Cor',
  prazo: 'Prazo de pagamento',
  decisao: 'Decisão',
  motivo: 'Motivo',
  nfe: 'NF-e',
  numero: 'Número',
  justificativa: 'Justificativa',
  cartaCorrecao: 'Carta de correção',
  correcao: 'Correção',
  ncm: 'NCM',
  cest: 'CEST',
  origem: 'Origem',
  gtin: 'GTIN',
  chave: 'Chave de acesso',
  servico: 'Serviço',
  titulo: 'Título',
  conteudo: 'Texto',
  texto: 'Texto',
  para: 'Para',
  publicada: 'Publicada',
  link: 'Link',
  lugar: 'Lugar',
  nivel: 'Onde aparece',
  tempo: 'Segundos até aparecer',
  itens: 'Links',
  vitrines: 'Vitrines na página inicial',
  horarios: 'Horários de atendimento',
  regiaoSE: 'Sudeste',
  regiaoS: 'Sul',
  regiaoCO: 'Centro-Oeste',
  regiaoNE: 'Nordeste',
  regiaoN: 'Norte',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  ordem: 'Posição',
  imagemDesktop: 'Imagem para computador',
  imagemMobile: 'Imagem para celular',
  slug: 'Endereço da página',
  logo: 'Logo',
  favicon: 'Ícone da aba',
  canal: 'Canal de venda',
  cliente: 'Cliente',
  produtos: 'Produtos',
  entrega: 'Entrega',
  pagamento: 'Pagamento',
  desconto: 'Desconto',
  total: 'Total',
};

/**
 * The values recorded as the code keeps them (an order's `aguardando_pagamento`, a request's `aberta`), each
 * as the team reads it: every state shown in the activity goes through this table, never raw.
 */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  situacao: { ...STATUS_LABELS, falhou: 'Não saiu' },
  exclusao: { aberta: 'Pedida', concluida: 'Concluída: conta excluída', recusada: 'Recusada' },
};

/** Keys holding money (and a SKU's prices, "ABC-1 preço por"). */
const MONEY =
  /^(valor|valorMinimo|devolvido|precoDe|precoPor|freteGratisAPartirDe|desconto|total)$|preço (de|por)$/;
const RESTRICTION_LABELS: Record<string, string> = {
  categorias: 'categorias',
  marcas: 'marcas',
  acabamentos: 'acabamentos',
  produtos: 'produtos',
};

const when = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});
const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text);

/** The names ids stand for, read once per page of records. */
export type Names = { brand: (id: number) => string; category: (id: number) => string };

export async function namesFor(db: Db, records: { before: unknown; after: unknown }[]): Promise<Names> {
  const brands = new Set<number>();
  const categories = new Set<number>();
  const collect = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const v = value as Record<string, unknown>;
    if (typeof v['marca'] === 'number') brands.add(v['marca']);
    if (typeof v['categoria'] === 'number') categories.add(v['categoria']);
    const r = v['restricao'] as { marcas?: unknown; categorias?: unknown } | undefined;
    for (const id of Array.isArray(r?.marcas) ? r.marcas : []) if (typeof id === 'number') brands.add(id);
    for (const id of Array.isArray(r?.categorias) ? r.categorias : [])
      if (typeof id === 'number') categories.add(id);
  };
  for (const r of records) {
    collect(r.before);
    collect(r.after);
  }
  const [brandRows, categoryRows] = await Promise.all([
    brands.size
      ? db
          .select({ id: t.brands.id, name: t.brands.name })
          .from(t.brands)
          .where(inArray(t.brands.id, [...brands]))
      : [],
    categories.size
      ? db
          .select({ id: t.categories.id, path: t.categories.path })
          .from(t.categories)
          .where(inArray(t.categories.id, [...categories]))
      : [],
  ]);
  const brandName = new Map(brandRows.map((b) => [b.id, b.name]));
  const categoryPath = new Map(categoryRows.map((c) => [c.id, c.path]));
  return {
    brand: (id) => brandName.get(id) ?? `marca nº ${String(id)}`,
    category: (id) => categoryPath.get(id) ?? `categoria nº ${String(id)}`,
  };
}

/** One value as read: names for ids, reais for money, Sim/Não, counts of photos, restrictions in words. */
function shown(key: string, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'marca' && typeof value === 'number') return names.brand(value);
  if (key === 'categoria' && typeof value === 'number') return names.category(value);
  if (key === 'fotos' && Array.isArray(value))
    return value.length === 0 ? 'nenhuma' : `${String(value.length)} foto${value.length === 1 ? '' : 's'}`;
  if (key === 'restricao' && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).flatMap(([k, ids]) => {
      if (!Array.isArray(ids) || ids.length === 0) return [];
      const items = ids.map((id) =>
        k === 'marcas' && typeof id === 'number'
          ? names.brand(id)
          : k === 'categorias' && typeof id === 'number'
            ? names.category(id)
            : String(id),
      );
      return [`${RESTRICTION_LABELS[k] ?? k}: ${items.join(', ')}`];
    });
    return parts.length === 0 ? 'toda a loja' : cut(parts.join('; '));
  }
  if (key === 'tipo' && typeof value === 'string' && value in COUPON_KIND_LABELS)
    return COUPON_KIND_LABELS[value as CouponKind];
  if (key === 'papel' && typeof value === 'string' && value in PAPEL_LABELS)
    return PAPEL_LABELS[value as Papel];
  if (
    (key === 'inicio' || key === 'fim' || key === 'prazo') &&
    typeof value === 'string' &&
    !Number.isNaN(Date.parse(value))
  )
    return when.format(new Date(value));
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return MONEY.test(key) ? formatBRL(value) : value.toLocaleString('pt-BR');
  if (typeof value === 'string') return VALUE_LABELS[key]?.[value] ?? cut(value);
  if (Array.isArray(value)) return cut(value.map((v) => (v === null ? '—' : String(v))).join(' × '));
  return cut(
    Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join('; '),
  );
}

/** The fields a record changed (all of them, for something created or removed), each before → after. */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  names: Names,
): { campo: string; antes: string; depois: string }[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.flatMap((key) => {
    const a = before?.[key];
    const b = after?.[key];
    if (before && after && JSON.stringify(a) === JSON.stringify(b)) return [];
    return [
      {
        campo: LABELS[key] ?? key,
        antes: before ? shown(key, a, names) : '—',
        depois: after ? shown(key, b, names) : '—',
      },
    ];
  });
}
