import { ApiError } from '#/api/http.ts';
import type { Client } from '#/api/http.ts';
import { moveProductPhoto, removeProductPhoto, sendProductPhoto } from '#/api/staff.ts';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '#/contract/staff-products.ts';

/** The photo buttons of a product's panel page (controllers/panel-product.ts): send, move, remove. */

export const PHOTO_DONE: Partial<Record<string, string>> = {
  'foto-enviada': 'Foto enviada.',
  'foto-movida': 'Ordem das fotos salva.',
  'foto-removida': 'Foto removida.',
};

/** The photo buttons' actions, each with where it goes on success. */
export async function photoAction(
  client: Client,
  id: number,
  action: string,
  form: FormData,
): Promise<string> {
  const foto = text(form.get('foto'));
  if (action === 'foto-enviar') {
    const file = form.get('arquivo');
    if (!(file instanceof File) || file.size === 0)
      throw new ApiError(400, 'fotos', 'Escolha o arquivo da foto (JPEG, PNG ou WebP).');
    if (file.size > PHOTO_MAX_BYTES) throw new ApiError(400, 'fotos', PHOTO_TOO_LARGE);
    await sendProductPhoto(client, id, {
      type: file.type || 'application/octet-stream',
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return 'foto-enviada';
  }
  if (action === 'foto-remover') {
    await removeProductPhoto(client, id, foto);
    return 'foto-removida';
  }
  await moveProductPhoto(client, id, foto, action === 'foto-antes' ? -1 : 1);
  return 'foto-movida';
}
/** A posted text value, or empty (a file or nothing). */
export const text = (value: FormDataEntryValue | null | undefined) =>
  typeof value === 'string' ? value : '';
export const PHOTO_ACTIONS = new Set(['foto-enviar', 'foto-antes', 'foto-depois', 'foto-remover']);
