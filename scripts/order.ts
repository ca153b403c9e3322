// `npm run order -- <pay|ship|deliver|cancel> <number>`: move an order along from the command line, for a
// store without a back office. It calls the running store's staff API (so the buyer is e-mailed and every
// instance sees it), with ADMIN_TOKEN and STORE_URL (default http://127.0.0.1:$PORT, PORT 4321).
import { isOrderNumber } from '#/contract/order.ts';

const ACTIONS: Record<string, string> = {
  pay: 'pago',
  ship: 'enviado',
  deliver: 'entregue',
  cancel: 'cancelado',
};

const [action = '', numero = ''] = process.argv.slice(2);
const situacao = ACTIONS[action];
if (!situacao || !isOrderNumber(numero)) {
  console.error('Uso: npm run order -- <pay|ship|deliver|cancel> <número do pedido>');
  process.exit(2);
}
const token = process.env['ADMIN_TOKEN'];
if (!token) {
  console.error('Defina ADMIN_TOKEN (o mesmo do servidor) para usar a API da equipe.');
  process.exit(2);
}
const base = (process.env['STORE_URL'] ?? `http://127.0.0.1:${process.env['PORT'] ?? '4321'}`).replace(
  /\/$/,
  '',
);
try {
  const res = await fetch(`${base}/api/v2/admin/orders/${numero}/status`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ situacao }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as { mensagem?: string; de?: string; situacao?: string };
  if (!res.ok) {
    console.error(`Pedido ${numero}: ${body.mensagem ?? `a loja respondeu ${String(res.status)}`}`);
    process.exit(1);
  }
  console.log(`Pedido ${numero}: ${body.de ?? '?'} → ${body.situacao ?? situacao}`);
} catch (error) {
  console.error(
    `Não foi possível falar com a loja em ${base}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
