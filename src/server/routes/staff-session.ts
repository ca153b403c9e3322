import { Hono } from 'hono';
import { mailDelivers } from '#/server/mail/mailer.ts';
import { failedCount } from '#/server/jobs/deliveries.ts';
import {
  firstOwnerSchema,
  STAFF_SESSION_HEADER,
  staffCodeSchema,
  staffLoginSchema,
  staffPasswordSchema,
  staffSecondStepSchema,
} from '#/contract/staff.ts';
import type { PlatformEnv } from '#/server/context.ts';
import type { Db } from '#/server/db/client.ts';
import { PlatformError } from '#/server/errors.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { rateLimit } from '#/server/rate-limit.ts';
import { memberActor, recorded } from '#/server/staff/audit.ts';
import { createFirstOwner, firstOwnerOpen } from '#/server/staff/first-owner.ts';
import { linkIsOpen, setPasswordWithLink, toMembro } from '#/server/staff/members.ts';
import { unansweredCount } from '#/server/staff/inbox.ts';
import { ordersWaitingForTeam } from '#/server/staff/orders.ts';
import type { MemberRow } from '#/server/staff/members.ts';
import { confirmEnrolment, disableSecondFactor, startEnrolment } from '#/server/staff/second-factor.ts';
import { openRequestCount } from '#/server/rights/requests.ts';
import {
  endOtherStaffSessions,
  endStaffSession,
  endStaffSessions,
  staffLogin,
  staffSecondStep,
} from '#/server/staff/sessions.ts';

/**
 * The back office's door (`/v2/admin`, before the staff check): logging in, and setting a password through
 * a one-time link. Both are limited per address; logins also per account and store-wide.
 */
export const staffDoor = new Hono<PlatformEnv>();

staffDoor.post('/session', rateLimit('painel', 10, 60_000), async (c) => {
  const body: unknown = await c.req.json().catch(() => ({}));
  const { db, limits } = c.get('config');
  const key = await c.get('config').sessionKey();
  const onHeld = (seconds: string) => {
    c.header('Retry-After', seconds);
  };
  if (typeof body === 'object' && body !== null && 'desafio' in body) {
    const step = readForm(body, staffSecondStepSchema);
    if (!step.ok) return c.json(invalidForm(step.erros), 400);
    const { token, member } = await staffSecondStep(
      db,
      limits,
      { challenge: step.data.desafio, code: step.data.codigo, key },
      onHeld,
    );
    return c.json({ token, membro: toMembro(member) });
  }
  const form = readForm(body, staffLoginSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const outcome = await staffLogin(
    db,
    limits,
    { email: form.data.email, password: form.data.senha, key },
    onHeld,
  );
  if ('challenge' in outcome) return c.json({ desafio: outcome.challenge });
  return c.json({ token: outcome.token, membro: toMembro(outcome.member) });
});

staffDoor.get('/first-owner', rateLimit('painel: primeiro dono', 30, 60_000), async (c) =>
  c.json({ valido: await firstOwnerOpen(c.get('config').db, c.req.query('chave') ?? '') }),
);

staffDoor.post('/first-owner', rateLimit('painel: primeiro dono', 10, 60_000), async (c) => {
  const form = readForm(await c.req.json().catch(() => ({})), firstOwnerSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const member = await createFirstOwner(c.get('config').db, form.data);
  return c.json(
    {
      sucesso: true,
      mensagem: `${member.name} é o dono da loja. Entre com o seu e-mail e a senha que acabou de criar.`,
    },
    201,
  );
});

staffDoor.get('/password', rateLimit('painel: senha', 30, 60_000), async (c) =>
  c.json({ valido: await linkIsOpen(c.get('config').db, c.req.query('token') ?? '') }),
);

staffDoor.post('/password', rateLimit('painel: senha', 10, 60_000), async (c) => {
  const form = readForm(await c.req.json().catch(() => ({})), staffPasswordSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db } = c.get('config');
  const member = await recorded(
    db,
    (tx) => setPasswordWithLink(tx, form.data.token, form.data.senha),
    (set) =>
      set && {
        actor: memberActor(set.id),
        action: 'membro.senha',
        entity: 'membro',
        entityId: String(set.id),
        before: null,
        after: { senha: 'definida' },
      },
  );
  if (!member)
    return c.json(
      invalidForm({ token: 'Este link já foi usado ou expirou. Peça um novo a um dono da loja.' }),
      400,
    );
  return c.json({ sucesso: true, mensagem: 'Senha definida. Entre com o seu e-mail e a nova senha.' });
});

/** Who is logged in, and logging out (this browser, or every one). Mounted after the staff check. */
export const staffSession = new Hono<PlatformEnv>();

staffSession.get('/me', async (c) => {
  const member = c.get('member');
  const papel = c.get('papel');
  // What waits for the roles that handle orders and messages (the menu shows the counts).
  const { db } = c.get('config');
  const counts =
    papel === 'dono' || papel === 'pedidos'
      ? {
          pedidosAAgir: await ordersWaitingForTeam(db),
          mensagensAResponder: await unansweredCount(db),
          solicitacoesAbertas: await openRequestCount(db),
        }
      : {};
  const enviaEmail = mailDelivers(c.get('config').mailer);
  // Owners see the messages that failed for good on every page until they are sent again.
  const failures = papel === 'dono' ? { enviosComFalha: await failedCount(db) } : {};
  return c.json({
    papel,
    ...(member ? { membro: toMembro(member) } : {}),
    ...counts,
    enviaEmail,
    ...failures,
  });
});

staffSession.delete('/session', async (c) => {
  const token = c.req.header(STAFF_SESSION_HEADER);
  if (!token) throw new PlatformError(400, 'bad_request', 'Não há sessão do painel nesta chamada.');
  await endStaffSession(c.get('config').db, token);
  return c.json({ sucesso: true, mensagem: 'Você saiu do painel.' });
});

staffSession.delete('/sessions', async (c) => {
  const member = c.get('member');
  if (!member) throw new PlatformError(400, 'bad_request', 'O token de automação não tem sessões.');
  await endStaffSessions(c.get('config').db, member.id);
  return c.json({ sucesso: true, mensagem: 'Você saiu do painel em todos os aparelhos.' });
});

/** A member's own second factor: start enrolling, confirm with a first code (recovery codes back), turn off. */
const memberOnly = (c: { get: (key: 'member') => MemberRow | undefined }) => {
  const member = c.get('member');
  if (!member) throw new PlatformError(400, 'bad_request', 'O token de automação não tem segundo fator.');
  return member;
};

/** A change of the member's second factor, kept with its record. */
const secondFactorChange = <T>(db: Db, member: MemberRow, on: boolean, work: (tx: Db) => Promise<T>) =>
  recorded(db, work, () => ({
    actor: memberActor(member.id),
    action: 'membro.segundo-fator',
    entity: 'membro',
    entityId: String(member.id),
    before: { segundoFator: !on },
    after: { segundoFator: on },
  }));

staffSession.post('/me/totp', async (c) => {
  const { db, sessionKey } = c.get('config');
  return c.json(await startEnrolment(db, await sessionKey(), memberOnly(c)));
});

staffSession.post('/me/totp/confirm', rateLimit('painel: código', 10, 60_000), async (c) => {
  const form = readForm(await c.req.json().catch(() => ({})), staffCodeSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db, sessionKey } = c.get('config');
  const key = await sessionKey();
  const member = memberOnly(c);
  const codigosRecuperacao = await secondFactorChange(db, member, true, async (tx) => {
    const codes = await confirmEnrolment(tx, key, member, form.data.codigo);
    await endOtherStaffSessions(tx, member.id, c.req.header(STAFF_SESSION_HEADER));
    return codes;
  });
  return c.json({ codigosRecuperacao });
});

staffSession.delete('/me/totp', rateLimit('painel: código', 10, 60_000), async (c) => {
  const form = readForm(await c.req.json().catch(() => ({})), staffCodeSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { db, sessionKey } = c.get('config');
  const key = await sessionKey();
  const member = memberOnly(c);
  await secondFactorChange(db, member, false, async (tx) => {
    await disableSecondFactor(tx, key, member, form.data.codigo);
    await endOtherStaffSessions(tx, member.id, c.req.header(STAFF_SESSION_HEADER));
  });
  return c.json({ sucesso: true, mensagem: 'Verificação em duas etapas desligada.' });
});
