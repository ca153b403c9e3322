import { zipSync, strToU8 } from 'fflate';
import { askAccountDeletion, getDataExport, getPrivacy, withdrawConsent } from '#/api/rights.ts';
import type { DataExport, Privacidade } from '#/contract/rights.ts';
import type { User } from '#/contract/user.ts';
import { formatDateTime } from '#/lib/dates.ts';
import { excelCsv, spreadsheetMoney } from '#/lib/spreadsheet.ts';
import type { Answer, Notice } from './answer.ts';
import { refusal } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import { requireLogin, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

export type PrivacyView = {
  user: User;
  privacy: Privacidade;
  notice?: Notice | undefined;
  /** The deletion form's own message (a wrong password). */
  passwordError?: string | undefined;
};

/**
 * "Minha conta › Privacidade" (LGPD art. 18): the copy of the data, each consent with its way out, and the
 * account's deletion asked with the password. Every button is a form: it works without JavaScript.
 */
export async function privacyPage(visit: Visit): Promise<Answer<PrivacyView>> {
  const client = visitorClient(visit);
  const login = await requireLogin(client, visit);
  if ('redirect' in login) return login;
  const fields = await postedFields(visit.request);
  let notice: Notice | undefined;
  let passwordError: string | undefined;
  let status: number | undefined;
  if (fields) {
    try {
      const answer = await byAction(
        fields,
        { excluir: (f) => askAccountDeletion(client, f['senha'] ?? '') },
        (f) => withdrawConsent(client, f['consentimento'] ?? '', f['id']),
      );
      notice = { text: answer.mensagem, error: false };
    } catch (error) {
      const refused = refusal(error);
      status = refused.status;
      passwordError = refused.fields['senha'];
      notice = { text: refused.mensagem, error: true };
    }
  }
  return { view: { user: login.user, privacy: await getPrivacy(client), notice, passwordError }, status };
}

/** What each part of the copy is called, as its CSV's name. */
const PARTS: Record<Exclude<keyof DataExport, 'geradoEm'>, string> = {
  perfil: 'perfil',
  enderecos: 'enderecos',
  pedidos: 'pedidos',
  itensDosPedidos: 'itens-dos-pedidos',
  avaliacoes: 'avaliacoes',
  consentimentos: 'consentimentos',
  mensagens: 'mensagens',
  solicitacoes: 'solicitacoes',
};

/** The fields of the copy that hold reais. */
const MONEY_FIELDS = new Set(['subtotal', 'descontoPix', 'descontoCupom', 'frete', 'total', 'precoUnitario']);
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A cell as the panel's own sheets write it: reais `1.751,90`, a moment in Brasília's time `23/11/2026, 14:05`,
 * a day `20/05/1988`, yes or no in words (the JSON beside it keeps the exact values).
 */
export function copyCell(
  field: string,
  value: string | number | boolean | null | undefined,
): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? spreadsheetMoney(value) : value;
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  return value.replace(DAY, '$3/$2/$1');
}

/** One part as a CSV Excel in Portuguese opens: a column per field any row has. */
function partCsv(rows: DataExport['perfil']): string {
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (fields.length === 0) return excelCsv(['Nenhum registro'], []);
  return excelCsv(
    fields,
    rows.map((r) => fields.map((f) => copyCell(f, r[f]))),
  );
}

/** The copy as one zip: all of it as JSON, and each part as a CSV. */
export function dataZip(data: DataExport): Uint8Array {
  const files: Record<string, Uint8Array> = { 'meus-dados.json': strToU8(JSON.stringify(data, null, 2)) };
  for (const [key, name] of Object.entries(PARTS))
    files[`${name}.csv`] = strToU8(partCsv(data[key as keyof typeof PARTS]));
  return zipSync(files, { level: 6, mtime: new Date(data.geradoEm) });
}

/** `/minha-conta/privacidade/meus-dados.zip`: the logged-in customer's copy (a guest goes to the login). */
export async function privacyDownload(visit: Visit): Promise<Response> {
  const client = visitorClient(visit);
  const login = await requireLogin(client, visit);
  if ('redirect' in login) return new Response(null, { status: 303, headers: { Location: login.redirect } });
  const data = await getDataExport(client);
  const day = data.geradoEm.slice(0, 10);
  return new Response(new Uint8Array(dataZip(data)), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="meus-dados-${day}.zip"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
