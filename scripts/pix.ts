// `npm run pix -- webhook`: tell the PSP where to post its Pix notices (`PUT /webhook/{chave}` of the API
// Pix), with the same PIX_* settings and SITE_URL the store runs with. The store does it at every start
// too; this is for a PSP that refused then, or a new SITE_URL.
import { pixFromSettings, webhookUrlOf } from '#/server/payments/pix-api/config.ts';

const env = process.env;
const [command = ''] = process.argv.slice(2);
if (command !== 'webhook') {
  console.error('Uso: npm run pix -- webhook');
  process.exit(2);
}
const site = env['SITE_URL'] ?? '';
if (!site.startsWith('https://')) {
  console.error('Defina SITE_URL com o endereço público https da loja: o PSP só avisa endereços https.');
  process.exit(2);
}
try {
  const pix = await pixFromSettings({
    apiUrl: env['PIX_API_URL'],
    tokenUrl: env['PIX_TOKEN_URL'],
    clientId: env['PIX_CLIENT_ID'],
    clientSecret: env['PIX_CLIENT_SECRET'],
    clientCert: env['PIX_CLIENT_CERT'],
    clientKey: env['PIX_CLIENT_KEY'],
    ca: env['PIX_CA'],
    pixKey: env['PIX_KEY'],
  });
  if (!pix) {
    console.error('Defina PIX_API_URL (e os demais PIX_*) para usar a API Pix de um PSP.');
    process.exit(2);
  }
  await pix.api.registerWebhook(webhookUrlOf(site, pix.webhookSecret));
  await pix.api.close();
  console.log(
    `Webhook Pix cadastrado no PSP para a chave ${env['PIX_KEY'] ?? ''}: ${site}/api/webhooks/pix/…`,
  );
} catch (error) {
  console.error(`O PSP não aceitou o webhook: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
