// The carrier rows of `npm run bench:api`: delivery priced by Melhor Envio (the loopback double of
// tests/support/fake-melhorenvio.ts): a cart quoted at a CEP not asked before (the provider's round trip), and
// an order placed with its delivery priced by the carriers. Budget: p95 ≤ 300 ms at the checkout.
import os from 'node:os';
import path from 'node:path';
import { createPlatform } from '#/server/app.ts';
import type { Platform } from '#/server/app.ts';
import { melhorEnvioFromSettings } from '#/server/carriers/melhorenvio/config.ts';
import type { Db } from '#/server/db/client.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { startFakeMelhorEnvio } from '../support/fake-melhorenvio.ts';

type Placing = (
  label: string,
  db: Db,
  platform: Platform,
  product: string,
  coupon?: string,
  name?: string,
) => Promise<string>;

export async function carrierRows(
  label: string,
  db: Db,
  product: string,
  placing: Placing,
  timing: { runs: number; percentile: (sorted: number[], p: number) => number },
): Promise<string[]> {
  const me = await startFakeMelhorEnvio();
  const platform = createPlatform({
    db,
    appToken: 'bench',
    shippingProvider: melhorEnvioFromSettings(db, { token: me.token(), apiUrl: me.apiUrl }),
    mediaDir: path.join(os.tmpdir(), 'bench-media'),
    pixKey: '11222333000181',
    mailer: memoryMailer(),
  });
  try {
    const rows = [
      await placing(
        label,
        db,
        platform,
        product,
        undefined,
        'placing an order, delivery by Melhor Envio (loopback)',
      ),
    ];
    // A cart quoted at CEPs never asked before: every answer is the provider's round trip, not the cache's.
    const headers = { 'App-Token': 'bench', 'Content-Type': 'application/json' };
    const ping = await platform.api.request('http://bench.local/v2/front/ping', { headers });
    const session = ping.headers.get('Session') ?? '';
    const detail = (await (
      await platform.api.request(`http://bench.local/v2/front/url/product/detail?url=${product}`, { headers })
    ).json()) as {
      conteudo: { id: number; atributos: { simples?: { valores: { idAtributoValor: number }[] } } };
    };
    const variant = detail.conteudo.atributos.simples?.valores[0]?.idAtributoValor ?? 0;
    await platform.api.request('http://bench.local/v2/front/checkout/cart', {
      method: 'POST',
      headers: { ...headers, Session: session },
      body: JSON.stringify({
        tipo: 'produto',
        itens: [{ idProduto: detail.conteudo.id, idAtributoSimples: variant, quantidade: 1 }],
      }),
    });
    const times: number[] = [];
    for (let i = 0; i < timing.runs; i++) {
      const cep = String(13_000_000 + i * 7);
      const t0 = performance.now();
      const res = await platform.api.request('http://bench.local/v2/front/shipment/cart', {
        method: 'POST',
        headers: { ...headers, Session: session },
        body: JSON.stringify({ cep }),
      });
      const quote = (await res.json()) as { fretes?: { servico?: string }[] };
      times.push(performance.now() - t0);
      if (!quote.fretes?.some((f) => f.servico))
        throw new Error(
          `cart quote at ${cep}: not priced by the carriers (${JSON.stringify(quote).slice(0, 200)})`,
        );
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | quoting a cart at a new CEP (Melhor Envio on loopback) | – | ${timing.percentile(times, 50).toFixed(1)} | ${timing.percentile(times, 95).toFixed(1)} | ${times.length} |`,
    );
    if (me.violations.length > 0) throw new Error(`Melhor Envio: ${me.violations.join('; ')}`);
    return rows;
  } finally {
    await me.close();
  }
}
