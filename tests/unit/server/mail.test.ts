import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxSchema } from '#/contract/outbox.ts';
import { mailOutbox } from '#/server/db/schema.ts';
import { createMailer } from '#/server/mail/mailer.ts';
import { buyer, json, pickVariants, placeAs } from './buyers.ts';
import type { Variant } from './buyers.ts';
import { ADMIN_TOKEN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * The platform's e-mail over real SMTP: a listener on loopback (the `smtp-server` package) receives what
 * the store sends through nodemailer, and each message is parsed back (`mailparser`) as a mail client would.
 */

const received: (ParsedMail & { envelopeTo: string[] })[] = [];
/** Recipients the listener refuses, as a full mailbox would (550). */
const refused = new Set<string>();
const listener = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refused.has(address.address)) {
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(error);
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({ ...mail, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      })
      .catch(callback);
  },
});

let store: TestPlatform;
let smtpUrl = '';
let variant: Variant;

beforeAll(async () => {
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${String((listener.server.address() as AddressInfo).port)}`;
  const mailer = createMailer({
    smtpUrl,
    from: 'Casa & Metais <loja@exemplo.com.br>',
  });
  store = await startPlatform(40, { mailer });
  [variant] = (await pickVariants(store, 1)) as [Variant];
});
afterAll(async () => {
  await store.stop();
  await new Promise<void>((resolve) => {
    listener.close(resolve);
  });
});

/** The first message to `to` whose subject matches, once it has arrived (the store sends in the background). */
async function inbox(to: string, subject: RegExp): Promise<ParsedMail> {
  await vi.waitFor(
    () => {
      if (!received.some((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? '')))
        throw new Error(`no "${subject.source}" for ${to} yet`);
    },
    { timeout: 5000, interval: 50 },
  );
  const found = received.find((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? ''));
  if (!found) throw new Error('unreachable');
  return found;
}

const emailOf = async (customerId: number) => {
  const rows = await store.database.db.query.customers.findFirst({
    where: (c, { eq }) => eq(c.id, customerId),
  });
  if (!rows) throw new Error('no customer');
  return rows.email;
};

describe('e-mail without SMTP', () => {
  test('a message is kept whole in the outbox table, shared by every instance; the log names its kind, never the address or the subject', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const mailer = createMailer({ from: 'Casa & Metais <loja@exemplo.com.br>', db: store.database.db });
    await mailer.send({
      kind: 'codigo-cadastro',
      to: 'maria@exemplo.com.br',
      // A subject may carry what must not reach a log (a sign-up code).
      subject: 'Seu pedido nº 7: código 069588',
      text: 'Olá, Maria!\nObrigado.',
    });
    const logged = log.mock.calls.flat().join(' ');
    log.mockRestore();
    const [row] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Seu pedido nº 7: código 069588'));
    expect(row?.recipient).toBe('maria@exemplo.com.br');
    const parsed = await simpleParser(row?.message ?? '');
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('maria@exemplo.com.br');
    expect(parsed.from?.text).toBe('"Casa & Metais" <loja@exemplo.com.br>');
    expect(parsed.text?.trim()).toBe('Olá, Maria!\nObrigado.');
    expect(logged).toContain('[mail] codigo-cadastro kept in the outbox table');
    expect(logged).not.toContain('maria@');
    expect(logged).not.toContain('069588');
  });

  test('a sender given as an address alone goes out under the store’s name as its settings give it now', async () => {
    let name = 'Metais da Rita';
    const mailer = createMailer({
      from: 'contato@metaisdarita.com.br',
      db: store.database.db,
      storeName: () => Promise.resolve(name),
    });
    const sent = async (subject: string) => {
      await mailer.send({ kind: 'teste', to: 'ana@exemplo.com.br', subject, text: 'Olá, Ana!' });
      const [row] = await store.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
      return simpleParser(row?.message ?? '');
    };
    const first = await sent('Nome da loja 1');
    expect(first.from?.text).toBe('"Metais da Rita" <contato@metaisdarita.com.br>');
    expect(first.html).toContain('Metais da Rita');
    name = 'Rita Metais & Cia';
    const second = await sent('Nome da loja 2');
    expect(second.from?.text).toBe('"Rita Metais & Cia" <contato@metaisdarita.com.br>');
    expect(second.html).toContain('Rita Metais &amp; Cia');
    expect(second.html).not.toContain('Metais da Rita');
  });
});

describe('the outbox once the store has SMTP', () => {
  test('the owners read a kept message as written, send it now, and it leaves the outbox', async () => {
    const keeper = createMailer({ from: 'Casa & Metais <loja@exemplo.com.br>', db: store.database.db });
    expect(keeper.delivers).toBe(false);
    await keeper.send({
      kind: 'codigo-cadastro',
      to: 'joao.guardado@exemplo.com.br',
      subject: 'Seu código de cadastro: 482913',
      text: 'Olá, João!\nSeu código é 482913. Ação: confirmar.',
    });
    const owner = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    const outbox = outboxSchema.parse(
      await (await store.request('/v2/admin/outbox', { headers: owner })).json(),
    );
    expect(outbox.envia).toBe(true);
    const kept = outbox.mensagens.find((m) => m.para === 'joao.guardado@exemplo.com.br');
    expect(kept?.texto.trim()).toBe('Olá, João!\nSeu código é 482913. Ação: confirmar.');
    const resend = (id: string) =>
      store.request(`/v2/admin/outbox/${id}/resend`, { method: 'POST', headers: owner });
    expect((await resend(String(kept?.id))).status).toBe(200);
    const arrived = await inbox('joao.guardado@exemplo.com.br', /482913/);
    expect(arrived.text?.trim()).toBe('Olá, João!\nSeu código é 482913. Ação: confirmar.');
    expect((await resend(String(kept?.id))).status).toBe(404);
    expect((await resend('abc')).status).toBe(404);
    const after = outboxSchema.parse(
      await (await store.request('/v2/admin/outbox', { headers: owner })).json(),
    );
    expect(after.mensagens.some((m) => m.para === 'joao.guardado@exemplo.com.br')).toBe(false);
  });
});

describe('e-mail over SMTP', () => {
  test('a message keeps its sender, accents and line breaks through a real SMTP exchange', async () => {
    const mailer = createMailer({
      smtpUrl,
      from: 'Casa & Metais <loja@exemplo.com.br>',
    });
    await mailer.send({
      kind: 'teste',
      to: 'joão@exemplo.com.br',
      subject: 'Atenção: pedido nº 1',
      text: 'Olá!\nAté já.',
    });
    const mail = await inbox('joão@exemplo.com.br', /^Atenção: pedido nº 1$/);
    expect(mail.from?.text).toBe('"Casa & Metais" <loja@exemplo.com.br>');
    expect(mail.text?.trim()).toBe('Olá!\nAté já.');
  });

  test('placing an order mails the buyer the Pix copia-e-cola and the link to the order', async () => {
    const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
    const res = await placeAs(store, b);
    expect(res.status).toBe(201);
    const { pedido } = (await res.json()) as {
      pedido: { numero: number; pagamento: { copiaECola: string } };
    };
    const mail = await inbox(
      await emailOf(b.customerId),
      new RegExp(`^Pedido ${String(pedido.numero)} recebido`),
    );
    expect(mail.text).toContain(pedido.pagamento.copiaECola);
    expect(mail.text).toContain(`https://loja.test/minha-conta/pedidos/${String(pedido.numero)}`);

    // The staff confirms the payment: a second message, to the same buyer.
    const paid = await store.request(`/v2/admin/orders/${String(pedido.numero)}/status`, {
      method: 'PUT',
      ...json({ situacao: 'pago' }, { Authorization: `Bearer ${ADMIN_TOKEN}` }),
    });
    expect(paid.status).toBe(200);
    const confirmation = await inbox(await emailOf(b.customerId), /^Pagamento do pedido \d+ confirmado$/);
    expect(confirmation.text).toContain(String(pedido.numero));
  });

  test('the password-recovery link arrives by SMTP and opens the reset page', async () => {
    const b = await buyer(store, []);
    const email = await emailOf(b.customerId);
    const res = await store.request('/v2/front/checkout/password-recovery', {
      method: 'POST',
      ...json({ usuario: email }),
    });
    expect(res.status).toBe(200);
    const mail = await inbox(email, /nova senha/);
    expect(mail.text).toMatch(/https:\/\/loja\.test\/checkout\/nova-senha\?token=[\w-]+/);
  });

  test('a mail server that refuses the buyer does not undo the order, and the log names no address', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
      const email = await emailOf(b.customerId);
      refused.add(email);
      const res = await placeAs(store, b);
      expect(res.status).toBe(201);
      // (Other lines may come first: a store with no team says nobody heard of the order.)
      await vi.waitFor(() => {
        expect(errors.mock.calls.flat().join(' ')).toMatch(/not sent/);
      });
      const logged = errors.mock.calls.flat().join(' ');
      expect(logged).not.toContain(email);
      const { pedido } = (await res.json()) as { pedido: { numero: number } };
      const page = await store.request(`/v2/front/checkout/order/${String(pedido.numero)}`, {
        headers: { Session: b.session },
      });
      expect(page.status).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });
});
