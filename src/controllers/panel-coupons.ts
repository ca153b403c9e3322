import { createCoupon, staffCoupons, updateCoupon } from '#/api/staff.ts';
import type { CouponAdmin, CouponOptions } from '#/contract/coupon.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { byAction, fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

const DONE: Partial<Record<string, string>> = {
  criado: 'criado',
  alterado: 'alterado',
  ligado: 'ligado',
  desligado: 'desligado',
};

export type CouponsView = {
  cupons: CouponAdmin[];
  opcoes: CouponOptions;
  form: FormOutcome | { values: Fields; errors: Record<string, never> } | undefined;
  notice: Notice | undefined;
  /** The code of the coupon the form changes (absent: the form creates one). */
  editing: string | undefined;
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

/**
 * `/painel/cupons` (`catalogo` and owners): every coupon with its uses so far; create one; switch one off
 * or on. What a coupon may be is the platform's to check: a refusal comes back under the form.
 */
export async function panelCouponsPage(visit: Visit): Promise<Answer<PanelPage<CouponsView>>> {
  return panelPage<CouponsView>(visit, ['catalogo'], async (frame) => {
    const posted =
      visit.request.method === 'POST' ? await visit.request.formData().catch(() => undefined) : undefined;
    // The restriction's checkboxes post one value each; kept joined by commas, to tick them again on a refusal.
    const fields = posted && { ...fieldsOf(posted), ...restrictionFields(posted) };
    let form: FormOutcome | undefined;
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields)
      try {
        return await byAction<Answer<PanelPage<CouponsView>>>(
          fields,
          {
            ligar: async ({ codigo = '' }) => {
              await updateCoupon(frame.client, codigo, { ativo: true });
              return redirect(`/painel/cupons?feito=ligado&codigo=${encodeURIComponent(codigo)}`);
            },
            desligar: async ({ codigo = '' }) => {
              await updateCoupon(frame.client, codigo, { ativo: false });
              return redirect(`/painel/cupons?feito=desligado&codigo=${encodeURIComponent(codigo)}`);
            },
          },
          async (f) => {
            if (f['acao'] === 'alterar') {
              // The form shows no product list: a coupon restricted to chosen products keeps them.
              const { cupons } = await staffCoupons(frame.client);
              const produtos = cupons.find((c) => c.codigo === f['codigo'])?.restricao.produtos;
              const { codigo: _code, ...change } = couponOf(f);
              const restricao = { ...(change['restricao'] as object), ...(produtos?.length && { produtos }) };
              const { cupom } = await updateCoupon(frame.client, f['codigo'] ?? '', { ...change, restricao });
              return redirect(`/painel/cupons?feito=alterado&codigo=${encodeURIComponent(cupom.codigo)}`);
            }
            const { cupom } = await createCoupon(frame.client, couponOf(f));
            return redirect(`/painel/cupons?feito=criado&codigo=${encodeURIComponent(cupom.codigo)}`);
          },
        );
      } catch (error) {
        const refused = refusal(error);
        status = refused.status;
        const text = refusalLine(refused);
        if (fields['acao'] === 'ligar' || fields['acao'] === 'desligar') notice = { text, error: true };
        else form = { values: fields, errors: refused.fields, status, notice: { text, error: true } };
      }
    else {
      const done = visit.url.searchParams.get('feito');
      const codigo = (visit.url.searchParams.get('codigo') ?? '').slice(0, 40);
      const said = DONE[done ?? ''];
      if (said && codigo) notice = { text: `Cupom ${codigo} ${said}.`, error: false };
    }
    const { cupons, opcoes } = await staffCoupons(frame.client);
    // `?alterar=CODIGO`: the form below shows that coupon, to change it.
    const asked = cupons.find((c) => c.codigo === visit.url.searchParams.get('alterar'));
    const editing = fields?.['acao'] === 'alterar' ? fields['codigo'] : asked?.codigo;
    const shown = form ?? (asked && { values: couponValues(asked), errors: {} });
    return { status, view: { frame, content: { cupons, opcoes, form: shown, notice, editing } } };
  });
}
