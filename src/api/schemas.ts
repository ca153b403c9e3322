import { deliveriesSchema, orderMessagesSchema } from '#/contract/deliveries.ts';
import { integrationsAnswerSchema, integrationTestSchema } from '#/contract/integrations.ts';
import { enderecoAnswerSchema, enderecosAnswerSchema } from '#/contract/account.ts';
import { cepAddressSchema } from '#/contract/address.ts';
import { cartSchema, upsellSchema } from '#/contract/cart.ts';
import { formAnswerSchema } from '#/contract/forms.ts';
import { paymentMethodsSchema, pedidoAnswerSchema, pedidosAnswerSchema } from '#/contract/order.ts';
import {
  homeSchema,
  institutionalSchema,
  listDetailSchema,
  listingSchema,
  listListingSchema,
  productPageSchema,
  verifySchema,
} from '#/contract/page.ts';
import { activityExportSchema, activityListSchema } from '#/contract/activity.ts';
import { outboxSchema } from '#/contract/outbox.ts';
import { setupSchema } from '#/contract/setup.ts';
import { pickupListSchema } from '#/contract/pickup.ts';
import { pageDetailSchema, pageListSchema, pagePreviewSchema } from '#/contract/pages.ts';
import { bannerDetailSchema, bannerImageSentSchema, bannerListSchema } from '#/contract/banners.ts';
import { menuDetailSchema, menuListSchema } from '#/contract/menus.ts';
import { contactAnswerSchema } from '#/contract/contact.ts';
import { shippingTableAnswerSchema } from '#/contract/shipping-table.ts';
import { popupListSchema } from '#/contract/popups.ts';
import { showcasesAnswerSchema } from '#/contract/showcases.ts';
import { inboxExportSchema, inboxListSchema } from '#/contract/staff-inbox.ts';
import { conversaSchema, readyAnswerSchema, readyAnswersSchema } from '#/contract/staff-conversations.ts';
import { storeConfigAnswerSchema } from '#/contract/store-config.ts';
import { dashboardSchema } from '#/contract/staff-dashboard.ts';
import { feedSchema } from '#/contract/feed.ts';
import { taxonomySchema } from '#/contract/staff-taxonomy.ts';
import {
  customerDetailSchema,
  customerExportSchema,
  customerListSchema,
} from '#/contract/staff-customers.ts';
import {
  couponAdminAnswerSchema,
  couponAdminListSchema,
  cupomPublicoAnswerSchema,
} from '#/contract/coupon.ts';
import { staffStockSchema, stockChangeAnswerSchema } from '#/contract/staff-stock.ts';
import { sheetExportSchema, sheetReportSchema } from '#/contract/catalog-sheet.ts';
import {
  staffProductListSchema,
  staffProductSchema,
  staffProductOptionsSchema,
} from '#/contract/staff-products.ts';
import { reviewDecisionAnswerSchema, reviewListSchema, reviewStaffListSchema } from '#/contract/review.ts';
import {
  staffLinkAnswerSchema,
  staffLinkOpenSchema,
  staffListSchema,
  staffMeSchema,
  staffMemberAnswerSchema,
  staffSessionSchema,
  staffEnrolmentSchema,
  staffRecoveryCodesSchema,
} from '#/contract/staff.ts';
import {
  staffOrderAnswerSchema,
  staffOrderExportSchema,
  staffOrderListSchema,
  staffStatusAnswerSchema,
  staffRefundAnswerSchema,
} from '#/contract/staff-orders.ts';
import { handPlacedSchema, handQuoteSchema } from '#/contract/staff-new-order.ts';
import { correctionDoneSchema, correctionQuoteSchema } from '#/contract/order-correction.ts';
import { settingsSchema } from '#/contract/settings.ts';
import { faturamentoSchema, invoiceXmlSchema } from '#/contract/invoices.ts';
import { envioSchema } from '#/contract/shipments.ts';
import { shippingSchema } from '#/contract/shipping.ts';
import { sitemapIndexSchema, sitemapSchema } from '#/contract/sitemap.ts';
import {
  bannersSchema,
  brandsSchema,
  menuSchema,
  popupsSchema,
  showcaseSchema,
  homeShowcasesSchema,
} from '#/contract/store.ts';
import { userSchema } from '#/contract/user.ts';
import { dataExportSchema, privacySchema, staffRequestsSchema } from '#/contract/rights.ts';
import { wishlistAnswerSchema, wishlistProductsSchema, wishlistSchema } from '#/contract/wishlist.ts';

/**
 * Every answer's contract schema, by name. Resource modules name the schema of each call (`'cart'`) and
 * import only this file's type; the server's client (http.ts) hands these to `read` when it checks answers
 * (an external platform). The browser's client never checks, so island bundles carry no zod and no lazy
 * schema loaders.
 */
export const SCHEMAS = {
  addresses: enderecosAnswerSchema,
  address: enderecoAnswerSchema,
  cep: cepAddressSchema,
  cart: cartSchema,
  upsell: upsellSchema,
  formAnswer: formAnswerSchema,
  staffInbox: inboxListSchema,
  staffInboxExport: inboxExportSchema,
  staffConversation: conversaSchema,
  staffReadyAnswers: readyAnswersSchema,
  staffReadyAnswer: readyAnswerSchema,
  staffSettings: storeConfigAnswerSchema,
  staffDashboard: dashboardSchema,
  feed: feedSchema,
  staffTaxonomy: taxonomySchema,
  staffCustomers: customerListSchema,
  staffCustomersExport: customerExportSchema,
  staffCustomer: customerDetailSchema,
  order: pedidoAnswerSchema,
  orders: pedidosAnswerSchema,
  paymentMethods: paymentMethodsSchema,
  home: homeSchema,
  institutional: institutionalSchema,
  listDetail: listDetailSchema,
  listing: listingSchema,
  listListing: listListingSchema,
  productPage: productPageSchema,
  reviews: reviewListSchema,
  verify: verifySchema,
  settings: settingsSchema,
  shipping: shippingSchema,
  sitemapIndex: sitemapIndexSchema,
  sitemap: sitemapSchema,
  banners: bannersSchema,
  brands: brandsSchema,
  menu: menuSchema,
  popups: popupsSchema,
  showcase: showcaseSchema,
  homeShowcases: homeShowcasesSchema,
  user: userSchema,
  wishlistAnswer: wishlistAnswerSchema,
  wishlistProducts: wishlistProductsSchema,
  wishlist: wishlistSchema,
  staffSession: staffSessionSchema,
  staffMe: staffMeSchema,
  staffList: staffListSchema,
  staffLink: staffLinkAnswerSchema,
  staffLinkOpen: staffLinkOpenSchema,
  staffMember: staffMemberAnswerSchema,
  staffOrders: staffOrderListSchema,
  staffOrder: staffOrderAnswerSchema,
  staffStatus: staffStatusAnswerSchema,
  handQuote: handQuoteSchema,
  handPlaced: handPlacedSchema,
  correctionQuote: correctionQuoteSchema,
  correctionDone: correctionDoneSchema,
  staffRefund: staffRefundAnswerSchema,
  staffInvoice: faturamentoSchema,
  invoiceXml: invoiceXmlSchema,
  staffShipment: envioSchema,
  staffActivity: activityListSchema,
  staffActivityExport: activityExportSchema,
  staffOutbox: outboxSchema,
  staffDeliveries: deliveriesSchema,
  staffOrderMessages: orderMessagesSchema,
  staffSetup: setupSchema,
  staffPickup: pickupListSchema,
  staffPages: pageListSchema,
  staffPage: pageDetailSchema,
  staffPagePreview: pagePreviewSchema,
  staffBanners: bannerListSchema,
  staffBanner: bannerDetailSchema,
  staffBannerImage: bannerImageSentSchema,
  staffMenus: menuListSchema,
  staffMenu: menuDetailSchema,
  staffContact: contactAnswerSchema,
  staffIntegrations: integrationsAnswerSchema,
  staffIntegrationTest: integrationTestSchema,
  staffShippingTable: shippingTableAnswerSchema,
  staffPopups: popupListSchema,
  staffShowcases: showcasesAnswerSchema,
  staffProduct: staffProductSchema,
  staffProductOptions: staffProductOptionsSchema,
  staffOrderExport: staffOrderExportSchema,
  staffEnrolment: staffEnrolmentSchema,
  staffRecoveryCodes: staffRecoveryCodesSchema,
  staffReviews: reviewStaffListSchema,
  staffReviewDecision: reviewDecisionAnswerSchema,
  staffCoupons: couponAdminListSchema,
  staffSheet: sheetExportSchema,
  staffProducts: staffProductListSchema,
  staffSheetReport: sheetReportSchema,
  staffCoupon: couponAdminAnswerSchema,
  publicCoupon: cupomPublicoAnswerSchema,
  staffStock: staffStockSchema,
  staffStockChange: stockChangeAnswerSchema,
  privacy: privacySchema,
  dataExport: dataExportSchema,
  staffRequests: staffRequestsSchema,
};

export type Schemas = typeof SCHEMAS;
export type SchemaName = keyof Schemas;
