import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import {
  staffListQuerySchema,
  staffMemberCreateSchema,
  staffMemberIdSchema,
  staffMemberUpdateSchema,
} from '#/contract/staff.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { postMail } from '#/server/mail/mailer.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import {
  addMember,
  findMember,
  issueLink,
  listMembers,
  toMembro,
  updateMember,
} from '#/server/staff/members.ts';
import type { MemberRow } from '#/server/staff/members.ts';
import { resetSecondFactor } from '#/server/staff/second-factor.ts';
import { endStaffSessions } from '#/server/staff/sessions.ts';

/**
 * The team (`/v2/admin/staff`, owners only): list, add (the answer and an e-mail carry the one-time link
 * to set a password), change a role, switch off or on, send a new link.
 */
export const staffMembers = new Hono<PlatformEnv>();
staffMembers.use(allow('dono'));

const refusal = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  if (!result.success) throw badRequest(result.error?.issues[0]?.message ?? 'Dados inválidos.');
};

const memberId = (value: string) => {
  const id = staffMemberIdSchema.safeParse(value);
  if (!id.success) throw notFound('Membro da equipe não encontrado.');
  return id.data;
};

const invitation = (member: MemberRow, link: string) => ({
  to: member.email,
  kind: 'convite-painel',
  subject: 'Seu acesso ao painel da loja',
  text: [
    `Olá, ${member.name}!`,
    '',
    'Você tem acesso ao painel da loja. Para criar a sua senha, abra este link (ele vale uma vez, por 48 horas):',
    link,
    '',
    'Se você não esperava este e-mail, ignore-o.',
  ].join('\n'),
});

staffMembers.get('/', zValidator('query', staffListQuerySchema, refusal), async (c) => {
  const { q, papel, situacao } = c.req.valid('query');
  const text = q?.toLowerCase();
  const membros = (await listMembers(c.get('config').db)).filter(
    (m) =>
      (!papel || m.papel === papel) &&
      (!situacao || m.ativo === (situacao === 'ativos')) &&
      (!text || m.nome.toLowerCase().includes(text) || m.email.includes(text)),
  );
  return c.json({ membros, total: membros.length });
});

staffMembers.post('/', zValidator('json', staffMemberCreateSchema, refusal), async (c) => {
  const { db, mailer } = c.get('config');
  const { member, link } = await recorded(
    db,
    async (tx) => {
      const added = await addMember(tx, c.req.valid('json'));
      const issued = await issueLink(tx, c.get('origin'), added.id);
      // The invitation is written with the member: both are there, or neither.
      await postMail(mailer, tx, invitation(added, issued));
      return { member: added, link: issued };
    },
    ({ member: added }) => ({
      actor: c.get('actor'),
      action: 'membro.criar',
      entity: 'membro',
      entityId: String(added.id),
      before: null,
      after: { email: added.email, nome: added.name, papel: added.role },
    }),
  );
  return c.json({ membro: toMembro(member), link }, 201);
});

staffMembers.put('/:id', zValidator('json', staffMemberUpdateSchema, refusal), async (c) => {
  const { db } = c.get('config');
  const id = memberId(c.req.param('id'));
  const { after } = await recorded(
    db,
    (tx) => updateMember(tx, id, c.req.valid('json')),
    (change) => ({
      actor: c.get('actor'),
      action: 'membro.alterar',
      entity: 'membro',
      entityId: String(id),
      before: { papel: change.before.role, ativo: change.before.active },
      after: { papel: change.after.role, ativo: change.after.active },
    }),
  );
  return c.json({ membro: toMembro(after) });
});

staffMembers.post('/:id/link', async (c) => {
  const { db, mailer } = c.get('config');
  const member = await findMember(db, memberId(c.req.param('id')));
  if (!member?.active) throw notFound('Membro da equipe não encontrado ou desligado.');
  // Whoever holds the link can set this member's password: who issued it is in the activity.
  const link = await recorded(
    db,
    async (tx) => {
      const issued = await issueLink(tx, c.get('origin'), member.id);
      await postMail(mailer, tx, invitation(member, issued));
      return issued;
    },
    () => ({
      actor: c.get('actor'),
      action: 'membro.link-senha',
      entity: 'membro',
      entityId: String(member.id),
      before: null,
      after: { email: member.email },
    }),
  );
  return c.json({ membro: toMembro(member), link });
});

/** An owner turns off the second factor of a member who lost it (the phone, the codes): audited, sessions ended. */
staffMembers.delete('/:id/totp', async (c) => {
  const { db } = c.get('config');
  const member = await findMember(db, memberId(c.req.param('id')));
  if (!member) throw notFound('Membro da equipe não encontrado.');
  await recorded(
    db,
    async (tx) => {
      await resetSecondFactor(tx, member.id);
      await endStaffSessions(tx, member.id);
    },
    () => ({
      actor: c.get('actor'),
      action: 'membro.segundo-fator-redefinido',
      entity: 'membro',
      entityId: String(member.id),
      before: { segundoFator: member.totpSecret !== '' },
      after: { segundoFator: false },
    }),
  );
  const after = await findMember(db, member.id);
  return c.json({ membro: toMembro(after ?? member) });
});
