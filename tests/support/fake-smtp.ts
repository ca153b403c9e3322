// A mail server on loopback, for the tests: SMTP as RFC 5321 describes it, through the `smtp-server` package
// (https://nodemailer.com/extras/smtp-server/), with the faults a real one has: down for a while (closed, then
// listening again on the same port), a mailbox that does not exist (550 at RCPT TO), and a message whose DATA
// it holds without answering (a server that hangs while a client is killed). Each message that arrives whole
// is kept with its envelope and its Message-ID, so a test counts what a person's mailbox would show.
import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Arrived = { to: string; subject: string; messageId: string; text: string };

export type FakeSmtp = {
  url: string;
  port: number;
  arrived: Arrived[];
  /** Recipients refused for good (550). */
  refused: Set<string>;
  /** Recipients whose first message is held unanswered (DATA never acknowledged, nothing kept). */
  stalled: Set<string>;
  /** Whether a held message reached DATA. */
  held: () => boolean;
  up: () => Promise<void>;
  down: () => Promise<void>;
};

/** A port nobody listens on now (the server may start there later). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The fake on a port of its own; `listening: false` starts it down (the port answers nothing yet). */
export async function startFakeSmtp(listening = true): Promise<FakeSmtp> {
  const port = await freePort();
  const arrived: Arrived[] = [];
  const refused = new Set<string>();
  const stalled = new Set<string>();
  let holding = false;
  let server: SMTPServer | undefined;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address)) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const held = to.find((address) => stalled.has(address));
        if (held) {
          // Read and drop; never answer: the client waits until it is killed.
          stalled.delete(held);
          holding = true;
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            for (const address of to)
              arrived.push({
                to: address,
                subject: mail.subject ?? '',
                messageId: mail.messageId ?? '',
                text: mail.text ?? '',
              });
            callback();
          })
          .catch(callback);
      },
    });
  const fake: FakeSmtp = {
    url: `smtp://127.0.0.1:${String(port)}`,
    port,
    arrived,
    refused,
    stalled,
    held: () => holding,
    up: async () => {
      server = make();
      const listening = server;
      await new Promise<void>((resolve) => listening.server.listen(port, '127.0.0.1', resolve));
    },
    down: async () => {
      const closing = server;
      server = undefined;
      if (closing)
        await new Promise<void>((resolve) => {
          closing.close(resolve);
        });
    },
  };
  if (listening) await fake.up();
  return fake;
}
