import { Hono } from 'hono';
import type { PlatformConfig, PlatformEnv } from './context.ts';
import type { Integrations } from './integrations/hub.ts';
import { sharedSessionKey } from './accounts/sessions.ts';
import { DatabaseHealth } from './db/health.ts';
import { onError, unavailable } from './errors.ts';
import { unmatched } from './methods.ts';
import { createLimits } from './rate-limit.ts';
import { allow, jsonMutations, requireAppToken, requireStaff, session } from './middleware.ts';
import { addressBook, cepLookup } from './routes/addresses.ts';
import { brands } from './routes/brands.ts';
import { cart, upsell } from './routes/cart.ts';
import { wishlist } from './routes/wishlist.ts';
import { evaluations } from './routes/evaluations.ts';
import { forms } from './routes/forms.ts';
import { newsletter } from './routes/newsletter.ts';
import { orders } from './routes/orders.ts';
import { staffActivity } from './routes/staff-activity.ts';
import { staffCatalog } from './routes/staff-catalog.ts';
import { staffProducts } from './routes/staff-products.ts';
import { staffCoupons } from './routes/staff-coupons.ts';
import { staffInbox } from './routes/staff-inbox.ts';
import { staffRequests } from './routes/staff-requests.ts';
import { privacy } from './routes/privacy.ts';
import { staffSettings } from './routes/staff-settings.ts';
import { staffOutbox } from './routes/staff-outbox.ts';
import { staffDeliveries, staffOrderMessages } from './routes/staff-deliveries.ts';
import { staffSetup } from './routes/staff-setup.ts';
import { staffPickup } from './routes/staff-pickup.ts';
import { staffPages } from './routes/staff-pages.ts';
import { staffBanners } from './routes/staff-banners.ts';
import { staffMenus } from './routes/staff-menus.ts';
import { staffContact } from './routes/staff-contact.ts';
import { staffIntegrations } from './routes/staff-integrations.ts';
import { staffShippingTable } from './routes/staff-shipping-table.ts';
import { staffPopups } from './routes/staff-popups.ts';
import { staffShowcases } from './routes/staff-showcases.ts';
import { staffCustomers } from './routes/staff-customers.ts';
import { staffDashboard } from './routes/staff-dashboard.ts';
import { feed } from './routes/feed.ts';
import { unsubscribe } from './routes/unsubscribe.ts';
import { staffTaxonomy } from './routes/staff-taxonomy.ts';
import { staffOrders } from './routes/staff-orders.ts';
import { staffNewOrder } from './routes/staff-new-order.ts';
import { staffOrderCorrection } from './routes/staff-order-correction.ts';
import { staffInvoices } from './routes/staff-invoices.ts';
import { staffShipments } from './routes/staff-shipments.ts';
import { staffReviews } from './routes/staff-reviews.ts';
import { staffDoor, staffSession } from './routes/staff-session.ts';
import { staffMembers } from './routes/staff-members.ts';
import { staffStock } from './routes/staff-stock.ts';
import { account } from './routes/account.ts';
import { shipment } from './routes/shipment.ts';
import { menus } from './routes/menus.ts';
import { popup } from './routes/popup.ts';
import { product } from './routes/product.ts';
import { promotional } from './routes/promotional.ts';
import { settings } from './routes/settings.ts';
import { showcase } from './routes/showcase.ts';
import { sitemap } from './routes/sitemap.ts';
import { listing } from './routes/listing.ts';
import { url } from './routes/url.ts';
import { webhooks } from './routes/webhooks.ts';
import { user } from './routes/user.ts';
import { media } from './media/routes.ts';

/** The embedded store platform: `api` answers the `/api` contract, `media` serves `/arquivos` images. */
export function createPlatform({
  sessionSecret,
  ...options
}: Omit<PlatformConfig, 'limits' | 'health' | 'sessionKey'> &
  Partial<Pick<PlatformConfig, 'limits' | 'health'>> & {
    /** Signs session ids; without it, a key kept in the database (shared by every instance). */
    sessionSecret?: string | undefined;
  }) {
  let key: Promise<string> | undefined = sessionSecret ? Promise.resolve(sessionSecret) : undefined;
  const config: PlatformConfig = {
    ...options,
    limits: options.limits ?? createLimits({ kind: 'memory' }),
    health: options.health ?? new DatabaseHealth(),
    sessionKey: () => {
      // Read once; a failed read (database away) is tried again on the next call.
      key ??= sharedSessionKey(options.db).catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key;
    },
  };
  if (options.integrations) followIntegrations(config, options.integrations);
  const api = new Hono<PlatformEnv>();
  api.onError(onError);
  api.notFound(unmatched(() => api.routes));
  api.use(async (c, next) => {
    // A database known to be down: answer at once instead of queueing behind a dead pool.
    if (!config.health.up) throw unavailable();
    c.set('config', config);
    c.set('origin', config.siteUrl?.replace(/\/$/, '') ?? new URL(c.req.url).origin);
    await next();
    c.header('Cache-Control', 'no-store');
  });
  // The staff API: no shopper session; its door (login, password links) is open, the rest takes the
  // automation token or a back-office session, and each part names the roles it serves.
  api.use('/v2/admin/*', jsonMutations);
  api.route('/v2/admin', staffDoor);
  api.use('/v2/admin/*', requireStaff);
  api.route('/v2/admin', staffSession);
  api.route('/v2/admin/staff', staffMembers);
  api.route('/v2/admin/orders', staffNewOrder);
  api.route('/v2/admin/orders', staffOrderCorrection);
  api.route('/v2/admin/orders', staffOrders);
  api.route('/v2/admin/orders', staffInvoices);
  api.route('/v2/admin/orders', staffShipments);
  api.route('/v2/admin/orders', staffOrderMessages);
  api.route('/v2/admin/inbox', staffInbox);
  api.route('/v2/admin/requests', staffRequests);
  api.route('/v2/admin/settings', staffSettings);
  api.route('/v2/admin/customers', staffCustomers);
  api.route('/v2/admin/dashboard', staffDashboard);
  api.use('/v2/admin/coupons/*', allow('catalogo'));
  api.route('/v2/admin/coupons', staffCoupons);
  api.use('/v2/admin/products/*', allow('catalogo'));
  api.route('/v2/admin/products', staffProducts);
  api.route('/v2/admin/taxonomy', staffTaxonomy);
  api.use('/v2/admin/catalog/*', allow('catalogo'));
  api.route('/v2/admin/catalog', staffCatalog);
  api.use('/v2/admin/stock/*', allow('catalogo'));
  api.route('/v2/admin/stock', staffStock);
  api.use('/v2/admin/reviews/*', allow('catalogo'));
  api.route('/v2/admin/reviews', staffReviews);
  api.use('/v2/admin/activity/*', allow());
  api.route('/v2/admin/activity', staffActivity);
  api.route('/v2/admin/outbox', staffOutbox);
  api.route('/v2/admin/deliveries', staffDeliveries);
  api.route('/v2/admin/setup', staffSetup);
  api.route('/v2/admin/pickup-points', staffPickup);
  api.route('/v2/admin/pages', staffPages);
  api.route('/v2/admin/banners', staffBanners);
  api.route('/v2/admin/menus', staffMenus);
  api.route('/v2/admin/contact', staffContact);
  api.route('/v2/admin/integrations', staffIntegrations);
  api.route('/v2/admin/shipping-table', staffShippingTable);
  api.route('/v2/admin/popups', staffPopups);
  api.route('/v2/admin/showcases', staffShowcases);
  // Payment providers' notices: the secret in the path is their check (routes/webhooks.ts).
  api.route('/webhooks', webhooks);
  // The one-click way out of offers: the signed token in the address is its check (routes/unsubscribe.ts).
  api.route('/unsubscribe', unsubscribe);
  api.use(requireAppToken, session, jsonMutations);
  const front = api.basePath('/v2/front');
  front.route('/settings', settings);
  front.route('/checkout/cart', cart);
  front.route('/checkout/upsell', upsell);
  front.route('/checkout/addresses', addressBook);
  front.route('/checkout', user);
  front.route('/checkout', account);
  front.route('/checkout', orders);
  front.route('/checkout/privacy', privacy);
  front.route('/brands', brands);
  front.route('/wishlist', wishlist);
  front.route('/newsletter', newsletter);
  front.route('/promotional', promotional);
  front.route('/product', product);
  front.route('/form', forms);
  front.route('/evaluations', evaluations);
  front.route('/shipment', shipment);
  front.route('/address', cepLookup);
  front.route('/url/product/listing', listing);
  front.route('/url', url);
  front.route('/struct/menus', menus);
  front.route('/struct/popup', popup);
  front.route('/showcase', showcase);
  front.route('/sitemap', sitemap);
  front.route('/feed', feed);
  front.get('/ping', (c) => c.json({ sucesso: true }));

  const files = new Hono<PlatformEnv>();
  files.onError(onError);
  files.use(async (c, next) => {
    c.set('config', config);
    await next();
  });
  files.route('/', media);
  return { api, media: files };
}

export type Platform = ReturnType<typeof createPlatform>;

/** Read the providers from the integrations in force on every use (a change in the panel is live at once). */
function followIntegrations(config: PlatformConfig, integrations: Integrations): void {
  const live = integrations.current;
  Object.defineProperties(config, {
    mailer: { get: () => integrations.mailer },
    pix: { get: () => live().pix },
    mercadoPago: { get: () => live().mercadoPago?.mp },
    paymentProvider: { get: () => live().mercadoPago?.provider },
    invoiceProvider: { get: () => live().invoicing?.provider },
    invoiceWebhookSecret: { get: () => live().invoicing?.webhookSecret },
    shippingProvider: { get: () => live().shipping },
  });
}
