import { createCoupon, staffCoupons, updateCoupon } from '#/api/staff.ts';
import { ApiError } from '#/api/core.ts';
import { COUPON_STATE_LABELS, COUPON_STATES } from '#/contract/coupon.ts';
import type { Atividade } from '#/contract/activity.ts';
import type { CouponAdmin, CouponAdminList, CouponOptions } from '#/contract/coupon.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
import { listHref, panelListPage } from './panel-list.ts';
import type { FilterField, ListView } from './panel-list.ts';
import { panelPage } from './panel.ts';
import type { PanelFrame, PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

const DONE: Partial<Record<string, string>> = {
  criado: 'criado',
  alterado: 'alterado',
  ligado: 'ligado',
  desligado: 'desligado',
};

/** A date and time as the day it falls on in Brasília (aaaa-mm-dd), for a date field. */
const dayOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }) : '';
const typed = (n: number) => String(n).replace('.', ',');

/** A coupon as its form shows it, to change it. */
function couponValues(c: CouponAdmin): Fields {
  const r = c.restricao;
  return {
    codigo: c.codigo,
    descricao: c.descricao,
    tipo: c.tipo,
    valor: c.tipo === 'frete-gratis' ? '' : typed(c.valor),
    valorMinimo: c.valorMinimo > 0 ? typed(c.valorMinimo) : '',
    inicio: dayOf(c.inicio),
    fim: dayOf(c.fim),
    usosPorCliente: c.usosPorCliente === null ? '' : String(c.usosPorCliente),
    usosMaximos: c.usosMaximos === null ? '' : String(c.usosMaximos),
    primeiraCompra: c.primeiraCompra ? 'on' : '',
    marcas: (r.marcas ?? []).join(','),
    categorias: (r.categorias ?? []).join(','),
    acabamentos: (r.acabamentos ?? []).join(','),
  };
}

/** "10", "10,5", "1.234,56" or "1234.56" → a number; anything else is sent as it is for the platform to refuse. */
export function typedNumber(value: string | undefined): number | string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const plain = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}

/** A date field (aaaa-mm-dd) as the start or the end of that day in Brasília, or null when empty. */
const day = (value: string | undefined, end: boolean): string | null =>
  value ? `${value}T${end ? '23:59:59' : '00:00:00'}-03:00` : null;

const whole = (value: string | undefined): number | string | null => typedNumber(value) ?? null;

/** The new-coupon form's fields as the staff API takes them (the platform checks each, in Portuguese). */
function couponOf(f: Fields): Record<string, unknown> {
  return {
    codigo: f['codigo'] ?? '',
    descricao: f['descricao'] ?? '',
    tipo: f['tipo'] ?? '',
    valor: f['tipo'] === 'frete-gratis' ? 0 : (typedNumber(f['valor']) ?? 0),
    inicio: day(f['inicio'], false),
    fim: day(f['fim'], true),
    valorMinimo: typedNumber(f['valorMinimo']) ?? 0,
    primeiraCompra: f['primeiraCompra'] === 'on',
    usosPorCliente: whole(f['usosPorCliente']),
    usosMaximos: whole(f['usosMaximos']),
    restricao: restrictionOf(f),
  };
}

/** The names the restriction's checkboxes post. */
export const RESTRICTION_FIELDS = ['categorias', 'marcas', 'acabamentos'] as const;

function restrictionFields(form: FormData): Fields {
  const fields: Fields = {};
  for (const name of RESTRICTION_FIELDS) {
    const values = form
      .getAll(name)
      .filter((v): v is string => typeof v === 'string' && /^[\w-]{1,40}$/.test(v))
      .slice(0, 100);
    if (values.length > 0) fields[name] = values.join(',');
  }
  return fields;
}

/** The ticked categories, brands and finishes as the staff API takes them (ids as numbers). */
function restrictionOf(f: Fields): Record<string, (string | number)[]> {
  const list = (name: string) => (f[name] ? (f[name] ?? '').split(',') : []);
  const ids = (name: string) => list(name).map((v) => (/^\d{1,9}$/.test(v) ? Number(v) : v));
  const restriction: Record<string, (string | number)[]> = {};
  if (list('categorias').length > 0) restriction['categorias'] = ids('categorias');
  if (list('marcas').length > 0) restriction['marcas'] = ids('marcas');
  if (list('acabamentos').length > 0) restriction['acabamentos'] = list('acabamentos');
  return restriction;
}

export const COUPONS_PATH = '/painel/cupons';
const COUPON_FILTERS = ['q', 'situacao', 'pagina'] as const;

/** The coupons list's filters, as its form shows them. */
export const COUPON_FILTER_FIELDS: readonly FilterField[] = [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'Parte do código ou da descrição' },
  {
    name: 'situacao',
    label: 'Situação',
    options: [['', 'Todas'], ...COUPON_STATES.map((s) => [s, COUPON_STATE_LABELS[s]] as const)],
  },
];

/** What the address says was just done to which coupon ("Cupom X desligado."). */
const doneNotice = (params: URLSearchParams): Notice | undefined => {
  const said = DONE[params.get('feito') ?? ''];
  const codigo = (params.get('codigo') ?? '').slice(0, 40);
  return said && codigo ? { text: `Cupom ${codigo} ${said}.`, error: false } : undefined;
};

/** A coupon switched on or off from its row or its page: the address to go back to, saying so. */
async function switchCoupon(frame: PanelFrame, f: Fields, back: string): Promise<string> {
  const codigo = f['codigo'] ?? '';
  const ativo = f['acao'] === 'ligar';
  if (!ativo && f['acao'] !== 'desligar') throw new ApiError(400, 'panel', 'Ação inválida.', {});
  await updateCoupon(frame.client, codigo, { ativo });
  return `${back}${back.includes('?') ? '&' : '?'}feito=${ativo ? 'ligado' : 'desligado'}&codigo=${encodeURIComponent(codigo)}`;
}

/**
 * `/painel/cupons` (`catalogo` and owners): the coupons on the panel's list shape: search by code or
 * description, filter by where each stands now, pages; each row switches its coupon off or on, and opens it.
 */
export const panelCouponsPage = (visit: Visit): Promise<Answer<PanelPage<ListView<CouponAdminList>>>> =>
  panelListPage(visit, {
    roles: ['catalogo'],
    filters: COUPON_FILTERS,
    load: (client, filters) => staffCoupons(client, filters),
    post: (frame, fields, filters) =>
      switchCoupon(frame, fields, listHref(COUPONS_PATH, filters, { pagina: filters['pagina'] })),
    refused: (fields, mensagem) => `Cupom ${fields['codigo'] ?? ''}: ${mensagem}`,
    done: doneNotice,
  });

/** One coupon's page, or the new coupon's: its form (a refusal with each field's reason), its switch. */
export type CouponView = {
  cupom: CouponAdmin | undefined;
  /** The team's changes to it (a coupon's page). */
  historico: Atividade[];
  opcoes: CouponOptions;
  form: FormOutcome | { values: Fields; errors: Record<string, never> } | undefined;
  notice: Notice | undefined;
};

/**
 * `/painel/cupons/novo` and `/painel/cupons/{codigo}` (`catalogo` and owners): a new coupon, or one coupon to
 * change, switch off or on. What a coupon may be is the platform's to check: a refusal comes back under the
 * form with what was typed.
 */
export async function panelCouponPage(
  visit: Visit,
  codigo: string | undefined,
): Promise<Answer<PanelPage<CouponView | null>>> {
  return panelPage<CouponView | null>(visit, ['catalogo'], async (frame) => {
    const {
      cupons,
      opcoes,
      historico = [],
    } = await staffCoupons(frame.client, codigo ? { codigo } : { pagina: '1' });
    const cupom = codigo ? cupons[0] : undefined;
    if (codigo && !cupom) return { status: 404, view: { frame, content: null } };
    const here = cupom ? `${COUPONS_PATH}/${encodeURIComponent(cupom.codigo)}` : `${COUPONS_PATH}/novo`;
    const posted =
      visit.request.method === 'POST' ? await visit.request.formData().catch(() => undefined) : undefined;
    // The restriction's checkboxes post one value each; kept joined by commas, to tick them again on a refusal.
    const fields = posted && { ...fieldsOf(posted), ...restrictionFields(posted) };
    let form: CouponView['form'];
    let notice = doneNotice(visit.url.searchParams);
    let status: number | undefined;
    if (fields)
      try {
        if (cupom && (fields['acao'] === 'ligar' || fields['acao'] === 'desligar'))
          return redirect(await switchCoupon(frame, { ...fields, codigo: cupom.codigo }, here));
        if (cupom) {
          // The form shows no product list: a coupon restricted to chosen products keeps them.
          const produtos = cupom.restricao.produtos;
          const { codigo: _code, ...change } = couponOf(fields);
          const restricao = { ...(change['restricao'] as object), ...(produtos?.length && { produtos }) };
          await updateCoupon(frame.client, cupom.codigo, { ...change, restricao });
          return redirect(`${here}?feito=alterado&codigo=${encodeURIComponent(cupom.codigo)}`);
        }
        const made = await createCoupon(frame.client, couponOf(fields));
        const path = `${COUPONS_PATH}/${encodeURIComponent(made.cupom.codigo)}`;
        return redirect(`${path}?feito=criado&codigo=${encodeURIComponent(made.cupom.codigo)}`);
      } catch (error) {
        const refused = refusal(error);
        status = refused.status;
        const text = refusalLine(refused);
        if (fields['acao'] === 'ligar' || fields['acao'] === 'desligar') notice = { text, error: true };
        else form = { values: fields, errors: refused.fields, status, notice: { text, error: true } };
      }
    const shown = form ?? (cupom && { values: couponValues(cupom), errors: {} });
    return { status, view: { frame, content: { cupom, historico, opcoes, form: shown, notice } } };
  });
}
