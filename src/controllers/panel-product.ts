import { saveStaffProduct, staffProduct, staffProductOptions } from '#/api/staff.ts';
import type { Atividade } from '#/contract/activity.ts';
import {
  DESCRIPTION_MAX,
  FINISHES_MAX,
  SPEC_NAME_MAX,
  SPEC_VALUE_MAX,
  SPECS_MAX,
} from '#/contract/staff-products.ts';
import type { StaffProduct, StaffProductOptions } from '#/contract/staff-products.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
import { typedNumber } from './panel-coupons.ts';
import { panelPage } from './panel.ts';
import { PHOTO_ACTIONS, PHOTO_DONE, photoAction, text } from './panel-product-photos.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

type Produto = StaffProduct['produto'];

export type ProductEditView = {
  /** Undefined: a new product. */
  produto: Produto | undefined;
  opcoes: StaffProductOptions;
  historico: Atividade[];
  /** The form's values (as saved, or as typed when refused) and its refusals. */
  form: FormOutcome | { values: Fields; errors: Record<string, never> };
  /** How many finish rows the form draws: the product's, then one empty for a new finish. */
  linhas: number;
  notice: Notice | undefined;
  /** What the last photo action did, or why it was refused (shown by the photos). */
  photoNotice: Notice | undefined;
};

/** The fields of one finish row, as the form names them (`acabamentos.0.sku`, like the platform's refusals). */
export const FINISH_FIELDS = [
  'id',
  'sku',
  'acabamento',
  'precoDe',
  'precoPor',
  'estoque',
  'pesoGramas',
  'alturaCm',
  'larguraCm',
  'comprimentoCm',
  'ncm',
  'cest',
  'origem',
  'gtin',
] as const;
const at = (row: number, field: string) => `acabamentos.${String(row)}.${field}`;

const reais = (n: number) =>
  n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A product as its form shows it. */
function valuesOf(p: Produto): Fields {
  const values: Fields = {
    nome: p.nome,
    endereco: p.endereco,
    marca: String(p.marca),
    categoria: String(p.categoria),
    resumo: p.resumo,
    descricao: p.descricao,
    ativo: p.ativo ? 'on' : '',
    seoTitulo: p.seoTitulo,
    seoDescricao: p.seoDescricao,
    especificacoes: p.especificacoes.map((e) => `${e.nome}: ${e.valor}`).join('\n'),
    versao: p.versao,
  };
  p.acabamentos.forEach((f, i) => {
    const measure = (n: number | null) => (n === null ? '' : String(n));
    Object.assign(values, {
      [at(i, 'id')]: String(f.id),
      [at(i, 'sku')]: f.sku,
      [at(i, 'acabamento')]: f.acabamento,
      [at(i, 'precoDe')]: reais(f.precoDe),
      [at(i, 'precoPor')]: reais(f.precoPor),
      [at(i, 'estoque')]: String(f.estoque),
      [at(i, 'pesoGramas')]: measure(f.pesoGramas),
      [at(i, 'alturaCm')]: measure(f.alturaCm),
      [at(i, 'larguraCm')]: measure(f.larguraCm),
      [at(i, 'comprimentoCm')]: measure(f.comprimentoCm),
      [at(i, 'ncm')]: f.ncm.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1.$2.$3'),
      [at(i, 'cest')]: f.cest.replace(/^(\d{2})(\d{3})(\d{2})$/, '$1.$2.$3'),
      [at(i, 'origem')]: String(f.origem),
      [at(i, 'gtin')]: f.gtin,
    });
  });
  return values;
}

/** How many finish rows a posted form holds (its highest row, plus one), within what a product may have. */
function rowsOf(f: Fields): number {
  let rows = 0;
  for (const name of Object.keys(f)) {
    const m = /^acabamentos\.(\d{1,2})\./.exec(name);
    if (m) rows = Math.max(rows, Number(m[1]) + 1);
  }
  return Math.min(rows, FINISHES_MAX + 1);
}

/**
 * The form as the staff API takes it: numbers as typed ("1.234,56" read as reais, the rest sent as they are
 * for the platform to refuse in Portuguese). The last row, a new finish, is left out when left empty.
 */
function productOf(f: Fields, rows: number): Record<string, unknown> {
  const acabamentos: Record<string, unknown>[] = [];
  for (let i = 0; i < rows; i++) {
    const v = (field: string) => (f[at(i, field)] ?? '').trim();
    const empty = !v('id') && ['sku', 'precoDe', 'precoPor', 'estoque'].every((n) => !v(n));
    if (empty && i === rows - 1) continue;
    const measure = (field: string) => (v(field) === '' ? null : v(field));
    acabamentos.push({
      ...(v('id') && { id: v('id') }),
      sku: v('sku'),
      acabamento: v('acabamento'),
      precoDe: typedNumber(v('precoDe')) ?? null,
      precoPor: typedNumber(v('precoPor')) ?? null,
      estoque: v('estoque'),
      pesoGramas: measure('pesoGramas'),
      alturaCm: measure('alturaCm'),
      larguraCm: measure('larguraCm'),
      comprimentoCm: measure('comprimentoCm'),
      ncm: v('ncm'),
      cest: v('cest'),
      origem: v('origem') === '' ? '0' : v('origem'),
      gtin: v('gtin'),
    });
  }
  return {
    nome: f['nome'] ?? '',
    endereco: (f['endereco'] ?? '').trim().toLowerCase(),
    marca: f['marca'] ?? '',
    categoria: f['categoria'] ?? '',
    resumo: f['resumo'] ?? '',
    descricao: f['descricao'] ?? '',
    ativo: f['ativo'] === 'on',
    seoTitulo: f['seoTitulo'] ?? '',
    seoDescricao: f['seoDescricao'] ?? '',
    especificacoes: specsOf(f['especificacoes'] ?? ''),
    ...(f['versao'] && { versao: f['versao'] }),
    acabamentos,
  };
}

/** The specifications' field at most: every line at its longest, and their line breaks. */
const SPECS_TEXT_MAX = SPECS_MAX * (SPEC_NAME_MAX + SPEC_VALUE_MAX + 4);

/** "Material: latão" a line → `{nome, valor}`; a line without ":" is a name without a value, for the platform to refuse. */
function specsOf(text: string): { nome: string; valor: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0
        ? { nome: line, valor: '' }
        : { nome: line.slice(0, at).trim(), valor: line.slice(at + 1).trim() };
    });
}

/** A refusal of one specification (`especificacoes.3.valor`) said under the one field, with its line. */
function specErrors(errors: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...errors };
  for (const [key, message] of Object.entries(errors)) {
    const m = /^especificacoes\.(\d+)\./.exec(key);
    if (m) out['especificacoes'] ??= `Linha ${String(Number(m[1]) + 1)}: ${message}`;
  }
  return out;
}

/** The posted fields, the description read on its own: it may be longer than any other field. */
function postedFields(form: FormData): Fields {
  const fields = fieldsOf(form);
  const description = form.get('descricao');
  if (typeof description === 'string') fields['descricao'] = description.slice(0, DESCRIPTION_MAX + 1);
  // The specifications too (30 lines of name and value may pass the usual field's length).
  const specs = form.get('especificacoes');
  if (typeof specs === 'string') fields['especificacoes'] = specs.slice(0, SPECS_TEXT_MAX);
  return fields;
}

const DONE: Partial<Record<string, string>> = { salvo: 'Produto salvo.', criado: 'Produto criado.' };

/**
 * `/painel/produtos/{id}` and `/painel/produtos/novo` (`catalogo` and owners): a product whole, its
 * finishes and its newest changes; saving sends the whole form, and the platform refuses field by field.
 */
export async function panelProductPage(
  visit: Visit,
  param: string | undefined,
): Promise<Answer<PanelPage<ProductEditView | null>>> {
  return panelPage<ProductEditView | null>(visit, ['catalogo'], async (frame) => {
    const isNew = param === 'novo';
    const id = !isNew && /^[1-9]\d{0,8}$/.test(param ?? '') ? Number(param) : undefined;
    if (!isNew && id === undefined) return { status: 404, view: { frame, content: null } };
    let loaded: StaffProduct | undefined;
    try {
      loaded = id === undefined ? undefined : await staffProduct(frame.client, id);
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
    const opcoes = loaded ?? (await staffProductOptions(frame.client));
    const base = {
      produto: loaded?.produto,
      opcoes: {
        marcas: opcoes.marcas,
        categorias: opcoes.categorias,
        opcoesAcabamento: opcoes.opcoesAcabamento,
      },
      historico: loaded?.historico ?? [],
    };
    const posted =
      visit.request.method === 'POST' ? await visit.request.formData().catch(() => undefined) : undefined;
    const action = text(posted?.get('acao'));
    if (posted && id !== undefined && PHOTO_ACTIONS.has(action))
      try {
        const done = await photoAction(frame.client, id, action, posted);
        return redirect(`/painel/produtos/${String(id)}?feito=${done}#fotos`);
      } catch (error) {
        const refused = refusal(error);
        return {
          status: refused.status,
          view: {
            frame,
            content: {
              ...base,
              form: { values: loaded ? valuesOf(loaded.produto) : {}, errors: {} },
              linhas: (loaded?.produto.acabamentos.length ?? 0) + 1,
              notice: undefined,
              photoNotice: { text: refused.mensagem, error: true },
            },
          },
        };
      }
    if (posted) {
      const fields = postedFields(posted);
      const rows = rowsOf(fields);
      try {
        const saved = await saveStaffProduct(frame.client, id, productOf(fields, rows));
        return redirect(`/painel/produtos/${String(saved.produto.id)}?feito=${isNew ? 'criado' : 'salvo'}`);
      } catch (error) {
        const refused = refusal(error);
        const text = refusalLine(refused);
        const form = {
          values: fields,
          errors: specErrors(refused.fields),
          status: refused.status,
          notice: { text, error: true },
        };
        return {
          status: refused.status,
          view: {
            frame,
            content: { ...base, form, linhas: Math.max(rows, 1), notice: undefined, photoNotice: undefined },
          },
        };
      }
    }
    const done = visit.url.searchParams.get('feito') ?? '';
    const said = DONE[done];
    const photoSaid = PHOTO_DONE[done];
    const values = loaded ? valuesOf(loaded.produto) : { ativo: 'on' };
    return {
      view: {
        frame,
        content: {
          ...base,
          form: { values, errors: {} },
          linhas: (loaded?.produto.acabamentos.length ?? 0) + 1,
          notice: said ? { text: said, error: false } : undefined,
          photoNotice: photoSaid ? { text: photoSaid, error: false } : undefined,
        },
      },
    };
  });
}
