import {
  createBanner,
  moveBanner,
  removeBanner,
  saveBanner,
  sendBannerImage,
  staffBanner,
  staffBanners,
} from '#/api/staff-banners.ts';
import { ApiError } from '#/api/core.ts';
import type { Client } from '#/api/core.ts';
import { BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_TOO_LARGE, BANNER_PLACES } from '#/contract/banners.ts';
import type { BannerAdmin, BannerDetail, BannerDevice, BannerList, BannerPlace } from '#/contract/banners.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

type FormView = FormOutcome | { values: Fields; errors: Record<string, never> };

export type BannersView = { lista: BannerList; form: FormView; notice: Notice | undefined };
export type BannerEditView = {
  detalhe: BannerDetail;
  form: FormView;
  notice: Notice | undefined;
  /** The remove button was pressed once: the page asks to confirm. */
  confirmarRemocao: boolean;
};

const ZONE = 'America/Sao_Paulo';

/** An instant as a datetime-local field shows it, in Brasília ("2026-11-27T23:59"). */
export const localOf = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('sv-SE', { timeZone: ZONE }).replace(' ', 'T').slice(0, 16) : '';

/** A datetime-local field as an instant in Brasília (no daylight saving since 2019), or null when empty. */
const instantOf = (value: string | undefined): string | null => {
  const text = (value ?? '').trim();
  if (!text) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00-03:00` : text;
};

const DEVICES: [BannerDevice, string][] = [
  ['desktop', 'Desktop'],
  ['mobile', 'Mobile'],
];

type Posted = { fields: Fields; files: Partial<Record<BannerDevice, File>> };

async function posted(request: Request): Promise<Posted | undefined> {
  if (request.method !== 'POST') return undefined;
  const form = await request.formData().catch(() => undefined);
  const files: Posted['files'] = {};
  for (const [device, suffix] of DEVICES) {
    const file = form?.get(`imagem${suffix}`);
    if (file instanceof File && file.size > 0) files[device] = file;
  }
  return { fields: fieldsOf(form), files };
}

/**
 * Send the chosen images, each cut to the place's size: their ids, to name in the banner. An image refused
 * is said under its field; those sent keep their id in the form (`idImagem…`), so they are not sent again.
 */
async function sendImages(client: Client, place: BannerPlace, { fields, files }: Posted): Promise<Fields> {
  const errors: Record<string, string> = {};
  for (const [device, suffix] of DEVICES) {
    const file = files[device];
    if (!file) continue;
    try {
      if (file.size > BANNER_IMAGE_MAX_BYTES) throw new ApiError(400, 'banner', BANNER_IMAGE_TOO_LARGE);
      const sent = await sendBannerImage(client, place, device, {
        type: file.type || 'application/octet-stream',
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      fields[`idImagem${suffix}`] = sent.imagem;
      fields[`desenho${suffix}`] = '';
    } catch (error) {
      errors[`imagem${suffix}`] = refusal(error).mensagem;
    }
  }
  if (Object.keys(errors).length > 0)
    throw new ApiError(400, 'banner', Object.values(errors)[0] ?? '', errors);
  return fields;
}

/** The image a device is to show: the one sent or kept, or none (the drawing) when so ticked. */
const imageOf = (f: Fields, suffix: string): string | null => {
  const id = f[`idImagem${suffix}`] ?? '';
  return f[`desenho${suffix}`] === 'on' || id === '' ? null : id;
};

/** The form's fields as the staff API takes them (the platform checks each, in Portuguese). */
const bannerOf = (f: Fields) => ({
  titulo: f['titulo'] ?? '',
  link: f['link'] ?? '',
  inicio: instantOf(f['inicio']),
  fim: instantOf(f['fim']),
  ativo: f['ativo'] === 'on',
  imagemDesktop: imageOf(f, 'Desktop'),
  imagemMobile: imageOf(f, 'Mobile'),
});

const isPlace = (value: string | undefined): value is BannerPlace =>
  value !== undefined && Object.hasOwn(BANNER_PLACES, value);

const refused = (error: unknown, values: Fields): { status: number; form: FormOutcome } => {
  const why = refusal(error);
  const notice = { text: refusalLine(why), error: true };
  return { status: why.status, form: { values, errors: why.fields, notice, status: why.status } };
};

/** The list's buttons: move one banner up or down among those beside it. */
async function move(client: Client, fields: Fields): Promise<boolean> {
  const id = fields['id'] ?? '';
  const direction = fields['acao'];
  if (!/^[1-9]\d{0,8}$/.test(id) || (direction !== 'subir' && direction !== 'descer')) return false;
  await moveBanner(client, Number(id), direction);
  return true;
}

/**
 * `/painel/banners` (owners and `conteudo`): every banner by place, with its state and order (up and down
 * buttons), and a new one: place, category, text, link, dates, images.
 */
export async function panelBannersPage(visit: Visit): Promise<Answer<PanelPage<BannersView>>> {
  return panelPage(visit, ['conteudo'], async (frame) => {
    const sent = await posted(visit.request);
    let form: FormView = {
      values: { lugar: 'banner-principal', titulo: '', link: '', ativo: 'on' },
      errors: {},
    };
    let notice: Notice | undefined;
    let status: number | undefined;
    if (sent) {
      try {
        if (await move(frame.client, sent.fields)) return redirect('/painel/banners?aviso=ordem');
        const place = sent.fields['lugar'];
        const fields = isPlace(place) ? await sendImages(frame.client, place, sent) : sent.fields;
        const categoria = /^[1-9]\d{0,8}$/.test(fields['categoria'] ?? '')
          ? Number(fields['categoria'])
          : null;
        const created = await createBanner(frame.client, {
          ...bannerOf(fields),
          lugar: (place ?? '') as BannerPlace,
          categoria,
        });
        return redirect(`/painel/banners/${String(created.banner.id)}?aviso=criado`);
      } catch (error) {
        ({ status, form } = refused(error, sent.fields));
        notice = form.notice;
      }
    } else {
      const aviso = DONE[visit.url.searchParams.get('aviso') ?? ''];
      notice = aviso ? { text: aviso, error: false } : undefined;
    }
    const lista = await staffBanners(frame.client);
    return { status, view: { frame, content: { lista, form, notice } } };
  });
}

const DONE: Partial<Record<string, string>> = {
  criado: 'Banner criado. A loja mostra no lugar escolhido em até um minuto, dentro das datas.',
  salvo: 'Banner salvo. A loja mostra a mudança em até um minuto.',
  ordem: 'Ordem dos banners salva.',
  removido: 'Banner removido da loja.',
};

/** A banner as its form shows it. */
export const valuesOf = (b: BannerAdmin): Fields => ({
  titulo: b.titulo,
  link: b.link,
  inicio: localOf(b.inicio),
  fim: localOf(b.fim),
  ativo: b.ativo ? 'on' : '',
  idImagemDesktop: b.desktop.propria ? idOf(b.desktop.imagem) : '',
  idImagemMobile: b.mobile.propria ? idOf(b.mobile.imagem) : '',
});

/** The image's id, read from its address (`…/12-desktop-{id}.webp`). */
const idOf = (address: string) => /-([0-9a-f]{24})\.webp$/.exec(address)?.[1] ?? '';

/**
 * `/painel/banners/{id}` (owners and `conteudo`): one banner's form (text, link, dates, on or off, images,
 * back to the drawing), removing it, and who changed it and when.
 */
export async function panelBannerEditor(
  visit: Visit,
  param: string | undefined,
): Promise<Answer<PanelPage<BannerEditView | null>>> {
  return panelPage<BannerEditView | null>(visit, ['conteudo'], async (frame) => {
    if (!/^[1-9]\d{0,8}$/.test(param ?? '')) return { status: 404, view: { frame, content: null } };
    const id = Number(param);
    let detalhe: BannerDetail;
    try {
      detalhe = await staffBanner(frame.client, id);
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
    const sent = await posted(visit.request);
    if (!sent) {
      const aviso = DONE[visit.url.searchParams.get('aviso') ?? ''];
      const notice = aviso ? { text: aviso, error: false } : undefined;
      const form = { values: valuesOf(detalhe.banner), errors: {} };
      return { view: { frame, content: { detalhe, form, notice, confirmarRemocao: false } } };
    }
    if (sent.fields['acao'] === 'remover') {
      const form = { values: valuesOf(detalhe.banner), errors: {} };
      const notice = {
        text: 'Remover este banner? Ele sai da loja e as imagens dele são apagadas.',
        error: true,
      };
      return { view: { frame, content: { detalhe, form, notice, confirmarRemocao: true } } };
    }
    try {
      if (sent.fields['acao'] === 'remover-confirmado') {
        await removeBanner(frame.client, id);
        return redirect('/painel/banners?aviso=removido');
      }
      const fields = await sendImages(frame.client, detalhe.banner.lugar, sent);
      await saveBanner(frame.client, id, bannerOf(fields));
      return redirect(`/painel/banners/${String(id)}?aviso=salvo`);
    } catch (error) {
      const { status, form } = refused(error, sent.fields);
      const view = { detalhe, form, notice: form.notice, confirmarRemocao: false };
      return { status, view: { frame, content: view } };
    }
  });
}
