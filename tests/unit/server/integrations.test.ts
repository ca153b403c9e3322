import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { integrationsAnswerSchema, integrationTestSchema } from '#/contract/integrations.ts';
import type { IntegrationId } from '#/contract/integrations.ts';
import { settingsSchema } from '#/contract/settings.ts';
import { setupSchema } from '#/contract/setup.ts';
import * as t from '#/server/db/schema.ts';
import { startFakeFocusNfe } from '../../support/fake-focusnfe.ts';
import { startFakeMelhorEnvio } from '../../support/fake-melhorenvio.ts';
import { startFakeMercadoPago } from '../../support/fake-mercadopago.ts';
import { startFakePsp } from '../../support/fake-psp.ts';
import { OWNERS_PIX_KEY, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/**
 * /painel/integracoes' API: each provider set up from the panel against its fake on loopback, tested with
 * "Testar conexão", in force at once; secrets sealed and never given back; the environment wins; roles.
 */

let store: TestPlatform;
let owner: { token: string };
let content: { token: string };
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
let psp: Awaited<ReturnType<typeof startFakePsp>>;
let focus: Awaited<ReturnType<typeof startFakeFocusNfe>>;
let me: Awaited<ReturnType<typeof startFakeMelhorEnvio>>;
const smtpReceived: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      smtpReceived.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});
let smtpPort = 0;

beforeAll(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpPort = (smtp.server.address() as AddressInfo).port;
  [mp, psp, focus, me] = await Promise.all([
    startFakeMercadoPago(),
    startFakePsp(),
    startFakeFocusNfe(),
    startFakeMelhorEnvio(),
  ]);
  // Focus NFe from the environment: the panel cannot take it over.
  store = await startPlatform(10, {
    integrations: { focusNfe: { token: focus.token, apiUrl: focus.apiUrl } },
  });
  owner = await member('dono@integracoes.test', 'dono');
  content = await member('conteudo@integracoes.test', 'conteudo');
});
afterAll(async () => {
  await store.stop();
  await Promise.all([mp.close(), psp.close(), focus.close(), me.close()]);
  smtp.close();
});

const { admin, member } = staffCalls(() => store);
const list = async () =>
  integrationsAnswerSchema.parse(await (await admin('/integrations', { headers: as(owner.token) })).json())
    .integracoes;
const stateOf = async (id: IntegrationId) => (await list()).find((i) => i.id === id);
const save = (id: string, campos: Record<string, string>, apagar: string[] = []) =>
  admin(`/integrations/${id}`, { method: 'PUT', body: { campos, apagar }, headers: as(owner.token) });
const probe = async (id: string) =>
  integrationTestSchema.parse(
    await (await admin(`/integrations/${id}/test`, { method: 'POST', headers: as(owner.token) })).json(),
  );
const served = async () =>
  settingsSchema.parse(await (await store.request('/v2/front/settings')).json()).configuracoes;

describe('integrations in the panel', () => {
  test('owners only: the content role gets a 403, a guest a 401; an unknown provider is a 404', async () => {
    expect((await admin('/integrations', { headers: as(content.token) })).status).toBe(403);
    expect((await admin('/integrations')).status).toBe(401);
    expect((await save('paypal', { token: 'x' })).status).toBe(404);
    const all = await list();
    expect(all.map((i) => i.id)).toEqual(['smtp', 'pix', 'mercadopago', 'focusnfe', 'melhorenvio']);
    expect(all.find((i) => i.id === 'smtp')).toMatchObject({ ligada: false, origem: 'nenhuma' });
    expect(all.find((i) => i.id === 'focusnfe')).toMatchObject({ ligada: true, origem: 'ambiente' });
  });

  test('bad settings are refused under their fields and change nothing', async () => {
    const res = await save('mercadopago', { accessToken: 'APP_USR-1', apiUrl: 'http://example.com/api' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { erros: Record<string, string> };
    expect(body.erros['campos.apiUrl']).toBe('Use um endereço https://.');
    expect(body.erros['campos.webhookSecret']).toBe('Preencha este campo.');
    const pem = await save('pix', { apiUrl: psp.apiUrl, clientKey: 'não é um PEM' });
    expect(((await pem.json()) as { erros: Record<string, string> }).erros['campos.clientKey']).toMatch(
      /PEM/,
    );
    const mail = await save('smtp', { url: 'https://smtp.exemplo.com.br' });
    expect(((await mail.json()) as { erros: Record<string, string> }).erros['campos.url']).toMatch(
      /smtp:\/\//,
    );
    expect(await store.database.db.select().from(t.integrations)).toEqual([]);
    expect((await served()).pagamentos.cartao.ativo).toBe(false);
  });

  test('Mercado Pago set in the panel takes cards at once; its secrets are sealed and never given back', async () => {
    const res = await save('mercadopago', {
      accessToken: mp.accessToken,
      webhookSecret: mp.webhookSecret,
      apiUrl: mp.apiUrl,
    });
    expect(res.status).toBe(200);
    const text = JSON.stringify(await res.json());
    expect(text).not.toContain(mp.accessToken);
    expect(text).not.toContain(mp.webhookSecret);
    expect(await stateOf('mercadopago')).toMatchObject({ ligada: true, origem: 'painel' });
    expect((await served()).pagamentos.cartao.ativo).toBe(true);
    const [row] = await store.database.db
      .select()
      .from(t.integrations)
      .where(eq(t.integrations.provider, 'mercadopago'));
    expect(row?.sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(mp.accessToken);
    expect(await probe('mercadopago')).toEqual({
      ok: true,
      mensagem: 'Conexão bem-sucedida: o token abriu a conta (nenhuma cobrança foi criada).',
    });
    expect((await stateOf('mercadopago'))?.teste).toMatchObject({ ok: true });
    expect(mp.violations).toEqual([]);
  });

  // A save gives every field shown (the form sends them all); a secret, never shown, is kept when left empty.
  test('a secret left empty keeps the one kept; a wrong token fails the test in Portuguese', async () => {
    expect((await save('mercadopago', { apiUrl: mp.apiUrl })).status).toBe(200);
    expect((await probe('mercadopago')).ok).toBe(true);
    expect((await save('mercadopago', { accessToken: 'APP_USR-errado', apiUrl: mp.apiUrl })).status).toBe(
      200,
    );
    expect(await probe('mercadopago')).toEqual({
      ok: false,
      mensagem: 'O provedor recusou as credenciais (401): confira o token, o client ID e o secret.',
    });
    // The setup list on the panel's home names it until it works.
    const setup = setupSchema.parse(await (await admin('/setup', { headers: as(owner.token) })).json());
    expect(setup.itens.find((i) => i.id === 'integracoes')).toMatchObject({
      feito: false,
      href: '/painel/integracoes#integracao-mercadopago',
    });
    // A new save forgets the old test: it spoke of other settings.
    expect((await save('mercadopago', { accessToken: mp.accessToken, apiUrl: mp.apiUrl })).status).toBe(200);
    expect((await stateOf('mercadopago'))?.teste).toBeUndefined();
  });

  test('the trail says what changed, and a secret only as "guardado"', async () => {
    const res = await admin('/activity?entidade=configuracao&id=integracao.mercadopago', {
      headers: as(owner.token),
    });
    const { atividades } = activityListSchema.parse(await res.json());
    expect(atividades[0]).toMatchObject({ acao: 'configuracao.integracao' });
    expect(JSON.stringify(atividades)).not.toContain(mp.accessToken);
    expect(JSON.stringify(atividades)).toContain('guardado');
  });

  test('SMTP set in the panel: mail leaves through it; a closed port fails the test', async () => {
    expect(store.platform).toBeDefined();
    expect(
      (
        await save('smtp', {
          url: `smtp://127.0.0.1:${String(smtpPort)}`,
          from: 'Loja <loja@exemplo.com.br>',
        })
      ).status,
    ).toBe(200);
    expect(await stateOf('smtp')).toMatchObject({ ligada: true, origem: 'painel' });
    expect((await probe('smtp')).mensagem).toMatch(/^Conexão bem-sucedida/);
    await store.integrations?.mailer.send({
      kind: 'teste',
      to: 'cliente@exemplo.com.br',
      subject: 'Oi',
      text: 'Olá',
    });
    expect(smtpReceived).toContain('cliente@exemplo.com.br');
    expect((await save('smtp', { url: 'smtp://127.0.0.1:1' })).status).toBe(200);
    expect(await probe('smtp')).toMatchObject({ ok: false });
    expect((await admin('/integrations/smtp', { method: 'DELETE', headers: as(owner.token) })).status).toBe(
      200,
    );
    expect(await stateOf('smtp')).toMatchObject({ ligada: false, origem: 'nenhuma' });
    expect(store.integrations?.mailer.delivers).toBe(false);
  });

  test('the PSP’s API Pix with the certificate and key sent as PEM', async () => {
    const res = await save('pix', {
      apiUrl: psp.apiUrl,
      tokenUrl: psp.tokenUrl,
      clientId: psp.clientId,
      clientSecret: psp.clientSecret,
      clientCert: psp.pem.cert,
      clientKey: psp.pem.key,
      ca: psp.pem.ca,
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain('PRIVATE KEY');
    expect(await stateOf('pix')).toMatchObject({ ligada: true, origem: 'painel' });
    expect(store.integrations?.current().pix?.api.pixKey).toBe(OWNERS_PIX_KEY);
    expect(await probe('pix')).toEqual({
      ok: true,
      mensagem:
        'Conexão bem-sucedida: o banco deu o token e a chave Pix é da conta; nenhum webhook registrado ainda.',
    });
    // Another certificate (not the one the PSP issued): the TLS handshake fails, said as such.
    const plain = { apiUrl: psp.apiUrl, tokenUrl: psp.tokenUrl, clientId: psp.clientId };
    expect(
      (await save('pix', { ...plain, clientCert: psp.stranger.cert, clientKey: psp.stranger.key })).status,
    ).toBe(200);
    expect((await probe('pix')).mensagem).toMatch(
      /^(O banco encerrou a conexão: confira o certificado|O TLS com o banco falhou)/,
    );
    expect(psp.violations).toEqual([]);
  });

  test('Melhor Envio from the panel; Focus NFe stays the environment’s', async () => {
    expect((await save('melhorenvio', { token: me.token(), apiUrl: me.apiUrl })).status).toBe(200);
    expect(await probe('melhorenvio')).toEqual({
      ok: true,
      mensagem: 'Conexão bem-sucedida: o token abriu a conta loja@example.com.',
    });
    expect((await save('focusnfe', { token: 'outro-token' })).status).toBe(200);
    expect(await stateOf('focusnfe')).toMatchObject({ ligada: true, origem: 'ambiente' });
    expect((await probe('focusnfe')).ok).toBe(true);
    expect(me.violations).toEqual([]);
    expect(focus.violations).toEqual([]);
  });
});
