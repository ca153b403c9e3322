import { describe, expect, test } from 'vitest';
import { unservable } from '../../../scripts/unservable.mjs';

/** A request as Node's HTTP server gives it: method, version and the header lines as they came. */
const request = (rawHeaders: string[], method = 'GET', httpVersion = '1.1') => ({
  method,
  httpVersion,
  rawHeaders,
});

describe('requests the adapter cannot construct are answered before it', () => {
  test.each([
    ['user info', ['Host', 'evil.tld@127.0.0.1:4321']],
    ['markup', ['Host', '<script>x</script>']],
    ['a space', ['Host', 'loja.test evil.tld']],
    ['an open bracket', ['Host', '[::1']],
    ['an empty value', ['Host', '']],
    ['a path', ['Host', 'loja.test/x']],
    ['two Host lines', ['Host', '127.0.0.1', 'Host', 'evil.tld']],
    ['no Host in HTTP/1.1', ['Accept', '*/*']],
  ])('%s: a 400 with no-store', (_, rawHeaders) => {
    const refusal = unservable(request(rawHeaders));
    expect(refusal?.status).toBe(400);
    expect(refusal?.headers['Cache-Control']).toBe('no-store');
    expect(refusal?.text).toMatch(/Host/);
  });

  test.each(['127.0.0.1:4321', 'www.casaemetais.com.br', 'localhost', '[::1]:8080', 'origem_1.loja.test'])(
    '%s is served',
    (host) => {
      expect(unservable(request(['Host', host]))).toBeUndefined();
    },
  );

  test('an HTTP/1.0 health check without Host is served; TRACE is a 405', () => {
    expect(unservable(request([], 'GET', '1.0'))).toBeUndefined();
    expect(unservable(request(['Host', 'a.test'], 'TRACE'))?.status).toBe(405);
  });
});
