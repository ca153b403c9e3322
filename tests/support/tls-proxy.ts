import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import selfsigned from 'selfsigned';
import { freePort } from './instances.ts';

/**
 * A TLS-terminating proxy on loopback, as a real store is deployed (a CDN or nginx in front of the Node
 * server): https on its own port with a certificate made at start, every request forwarded over plain
 * http to the instance with its headers plus `X-Forwarded-Proto: https`. It keeps every `Set-Cookie` it
 * passed back, so a test can say which cookies the browser was given.
 */
export type TlsProxy = {
  /** The public origin (`https://127.0.0.1:PORT`): the instance's SITE_URL. */
  origin: string;
  port: number;
  /** The certificate (PEM) a client must trust to reach `origin`. */
  cert: string;
  /** Where requests go: the instance's port, set once it has started. */
  forwardTo: (port: number) => void;
  /** Every `Set-Cookie` value answered so far, with the path that set it. */
  cookies: { path: string; value: string }[];
  close: () => Promise<void>;
};

export async function startTlsProxy(): Promise<TlsProxy> {
  const day = 24 * 60 * 60 * 1000;
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - day),
    notAfterDate: new Date(Date.now() + day),
    extensions: [
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const port = await freePort();
  let target = 0;
  const cookies: TlsProxy['cookies'] = [];
  // A connection per request: a kept-alive one the server closes after its idle timeout (5 s) can be picked
  // for the next request at that very moment, and a POST on it fails with no answer (seen once in CI).
  const agent = new http.Agent({ keepAlive: false });
  const sockets = new Set<net.Socket>();
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        path: req.url,
        method: req.method,
        agent,
        headers: { ...req.headers, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        for (const value of answer.headers['set-cookie'] ?? []) cookies.push({ path: req.url ?? '', value });
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('proxy: the instance did not answer');
    });
    req.pipe(upstream);
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${String(port)}`,
    port,
    cert: pems.cert,
    forwardTo: (instancePort) => {
      target = instancePort;
    },
    cookies,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
