import { addStaffMember, newStaffLink, staffMembers, updateStaffMember } from '#/api/staff.ts';
import { MEMBER_STATES, PAPEIS, PAPEL_LABELS } from '#/contract/staff.ts';
import type { Membro, Papel } from '#/contract/staff.ts';
import type { Answer, FormOutcome, Notice } from './answer.ts';
import { refusal, refusalLine } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import type { FilterField } from './panel-list.ts';
import { panelFilters, panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

/** The team page: its members, the add form, and a link just made (shown once, also e-mailed). */
export type TeamView = {
  /** The list's filters, as the address gives them. */
  filters: Fields;
  list: { membros: Membro[]; total: number; pagina: number; paginas: number } | undefined;
  form: FormOutcome | undefined;
  notice: Notice | undefined;
  link: { nome: string; url: string } | undefined;
};

const TEAM_FILTERS = ['q', 'papel', 'situacao'] as const;

/** The team list's filters, as its form shows them (the team is one page: no pages). */
export const TEAM_FILTER_FIELDS: readonly FilterField[] = [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'Parte do nome ou do e-mail' },
  {
    name: 'papel',
    label: 'Papel',
    options: [['', 'Todos'], ...PAPEIS.map((p) => [p, PAPEL_LABELS[p]] as const)],
  },
  {
    name: 'situacao',
    label: 'Situação',
    options: [
      ['', 'Todos'],
      ...MEMBER_STATES.map((s) => [s, s === 'ativos' ? 'Ativos' : 'Desligados'] as const),
    ],
  },
];

const papelOf = (value: string | undefined): Papel | undefined =>
  (PAPEIS as readonly string[]).includes(value ?? '') ? (value as Papel) : undefined;

const idOf = (fields: Fields) => (/^\d{1,9}$/.test(fields['id'] ?? '') ? Number(fields['id']) : 0);

/**
 * `/painel/equipe` (owners): add a member (their one-time link is shown here and e-mailed to them), change
 * a role, switch someone off or on again, make a new link for someone who lost theirs.
 */
export async function panelTeamPage(visit: Visit): Promise<Answer<PanelPage<TeamView>>> {
  return panelPage(visit, ['dono'], async (frame) => {
    const fields = await postedFields(visit.request);
    let form: FormOutcome | undefined;
    let notice: Notice | undefined;
    let link: TeamView['link'];
    let status: number | undefined;
    if (fields)
      try {
        notice = await byAction<Notice>(
          fields,
          {
            papel: async (f) => {
              const papel = papelOf(f['papel']);
              if (!papel) return { text: 'Escolha um papel.', error: true };
              const { membro } = await updateStaffMember(frame.client, idOf(f), { papel });
              return { text: `${membro.nome} agora tem o papel "${membro.papel}".`, error: false };
            },
            desligar: async (f) => {
              const { membro } = await updateStaffMember(frame.client, idOf(f), { ativo: false });
              return { text: `${membro.nome} foi desligado(a) e saiu do painel.`, error: false };
            },
            religar: async (f) => {
              const { membro } = await updateStaffMember(frame.client, idOf(f), { ativo: true });
              return { text: `${membro.nome} voltou à equipe.`, error: false };
            },
            link: async (f) => {
              const made = await newStaffLink(frame.client, idOf(f));
              link = { nome: made.membro.nome, url: made.link };
              return { text: `Novo link enviado para ${made.membro.email}.`, error: false };
            },
          },
          async ({ email = '', nome = '', papel = '' }) => {
            try {
              const made = await addStaffMember(frame.client, { email, nome, papel: papel as Papel });
              link = { nome: made.membro.nome, url: made.link };
              return {
                text: `${made.membro.nome} foi adicionado(a). O link para criar a senha foi enviado para ${made.membro.email}.`,
                error: false,
              };
            } catch (error) {
              const refused = refusal(error);
              form = {
                values: { email, nome, papel },
                errors: refused.fields,
                status: refused.status,
                notice: { text: refusalLine(refused), error: true },
              };
              status = refused.status;
              return form.notice;
            }
          },
        );
      } catch (error) {
        const refused = refusal(error);
        notice = { text: refused.mensagem, error: true };
        status = refused.status;
      }
    const filters = panelFilters(visit.url, TEAM_FILTERS);
    let list: TeamView['list'];
    try {
      list = { ...(await staffMembers(frame.client, filters)), pagina: 1, paginas: 1 };
    } catch (error) {
      const refused = refusal(error);
      notice = { text: refused.mensagem, error: true };
      status = refused.status;
    }
    return { status, view: { frame, content: { filters, list, form, notice, link } } };
  });
}
