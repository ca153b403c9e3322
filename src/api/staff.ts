import { getJson, PASSWORD_TIMEOUT_MS, sendFile, sendJson } from './core.ts';
import type { Client, Query, SentFile } from './core.ts';
import type { CouponUpdate } from '#/contract/coupon.ts';
import type { ReviewSituacao } from '#/contract/review.ts';
import type { Papel } from '#/contract/staff.ts';
import type { PickupPointInput } from '#/contract/pickup.ts';

/**
 * The staff API (`/v2/admin/*`, the embedded platform's extension) as the back office calls it: the
 * client carries the member's panel session (`Staff-Session`), see controllers/panel.ts.
 */

/** Log in: the session token to keep in the panel's cookie, and who logged in (401/429 as ApiError). */
export const staffLogin = (client: Client, email: string, senha: string) =>
  sendJson(client, 'post', 'v2/admin/session', { email, senha }, 'staffSession', PASSWORD_TIMEOUT_MS);

/** The second step of a login: the challenge and a code (the app's, or a recovery code). */
export const staffSecondStep = (client: Client, desafio: string, codigo: string) =>
  sendJson(client, 'post', 'v2/admin/session', { desafio, codigo }, 'staffSession');

/** The member's own second factor: start (secret and URI), confirm (recovery codes, once), turn off. */
export const startSecondFactor = (client: Client) =>
  sendJson(client, 'post', 'v2/admin/me/totp', undefined, 'staffEnrolment');
export const confirmSecondFactor = (client: Client, codigo: string) =>
  sendJson(client, 'post', 'v2/admin/me/totp/confirm', { codigo }, 'staffRecoveryCodes');
export const disableSecondFactor = (client: Client, codigo: string) =>
  sendJson(client, 'delete', 'v2/admin/me/totp', { codigo }, 'formAnswer');

/** Set a password through a one-time link. */
export const setStaffPassword = (client: Client, token: string, senha: string) =>
  sendJson(client, 'post', 'v2/admin/password', { token, senha }, 'formAnswer', PASSWORD_TIMEOUT_MS);

/** Who this session is (a 401 ApiError once it has ended). */
export const staffMe = (client: Client) => getJson(client, 'v2/admin/me', {}, 'staffMe');
/** Whether a one-time link still sets a password (the page asks before showing the form). */
/** Whether the first owner's one-time address still works. */
export const firstOwnerOpen = (client: Client, chave: string) =>
  getJson(client, 'v2/admin/first-owner', { chave }, 'staffLinkOpen');

/** Make the store's first owner through the address printed at start. */
export const createFirstOwner = (
  client: Client,
  form: { chave: string; nome: string; email: string; senha: string },
) => sendJson(client, 'post', 'v2/admin/first-owner', form, 'formAnswer', PASSWORD_TIMEOUT_MS);

export const staffLinkOpen = (client: Client, token: string) =>
  getJson(client, 'v2/admin/password', { token }, 'staffLinkOpen');

export const staffLogout = (client: Client, everywhere = false) =>
  sendJson(client, 'delete', everywhere ? 'v2/admin/sessions' : 'v2/admin/session', undefined, 'formAnswer');

/** The store's settings as the owner changes them, what the environment fixes, and whether Pix is on. */
export const staffSettings = (client: Client) => getJson(client, 'v2/admin/settings', {}, 'staffSettings');

/** Change the settings (the whole form; a refusal is a 400 ApiError with each field's message). */
export const saveStaffSettings = (client: Client, settings: Record<string, unknown>) =>
  sendJson(client, 'put', 'v2/admin/settings', settings, 'staffSettings');
/** The store's logo (PNG, JPEG or WebP); a file that is not one is a 400 ApiError saying why. */
export const sendStoreLogo = (client: Client, file: SentFile) =>
  sendFile(client, 'v2/admin/settings/logo', {}, file, 'staffSettings');
export const removeStoreLogo = (client: Client) =>
  sendJson(client, 'delete', 'v2/admin/settings/logo', undefined, 'staffSettings');

/** What the store still has of the seed's example, each with where it is changed (owners). */
export const staffSetup = (client: Client) => getJson(client, 'v2/admin/setup', {}, 'staffSetup');

/** The store's pickup points (owners): list, add, change, remove; each answers the list as it is after. */
export const staffPickupPoints = (client: Client) =>
  getJson(client, 'v2/admin/pickup-points', {}, 'staffPickup');
export const addPickupPoint = (client: Client, point: PickupPointInput) =>
  sendJson(client, 'post', 'v2/admin/pickup-points', point, 'staffPickup');
export const updatePickupPoint = (client: Client, id: number, point: PickupPointInput) =>
  sendJson(client, 'put', `v2/admin/pickup-points/${String(id)}`, point, 'staffPickup');
export const removePickupPoint = (client: Client, id: number) =>
  sendJson(client, 'delete', `v2/admin/pickup-points/${String(id)}`, undefined, 'staffPickup');

/** Brands and categories as the team keeps them, with how many products each holds. */
export const staffTaxonomy = (client: Client) => getJson(client, 'v2/admin/taxonomy', {}, 'staffTaxonomy');

/** A change to the brands or categories (`brands`, `brands/{id}`, `categories`, `categories/{id}`). */
export const changeTaxonomy = (
  client: Client,
  method: 'post' | 'put',
  path: string,
  body: Record<string, unknown>,
) => sendJson(client, method, `v2/admin/taxonomy/${path}`, body, 'formAnswer');

/** The owners' dashboard of a period (`hoje`, `7-dias`, `30-dias`, `mes`). */
export const staffDashboard = (client: Client, periodo: string) =>
  getJson(client, 'v2/admin/dashboard', { periodo }, 'staffDashboard');

/** The customers: searched by name, e-mail, CPF/CNPJ or phone, with orders and what each spent. */
export const staffCustomers = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/customers', query, 'staffCustomers');

/** Every customer the filters match, for the spreadsheet. */
export const staffCustomersExport = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/customers/export', query, 'staffCustomersExport');

/** One customer: contacts, addresses, orders, consents (a 404 ApiError when there is none). */
export const staffCustomer = (client: Client, id: string) =>
  getJson(client, `v2/admin/customers/${encodeURIComponent(id)}`, {}, 'staffCustomer');

export const staffMembers = (client: Client, query: Query = {}) =>
  getJson(client, 'v2/admin/staff', query, 'staffList');

export const addStaffMember = (client: Client, member: { email: string; nome: string; papel: Papel }) =>
  sendJson(client, 'post', 'v2/admin/staff', member, 'staffLink');

export const updateStaffMember = (client: Client, id: number, change: { papel?: Papel; ativo?: boolean }) =>
  sendJson(client, 'put', `v2/admin/staff/${String(id)}`, change, 'staffMember');

export const newStaffLink = (client: Client, id: number) =>
  sendJson(client, 'post', `v2/admin/staff/${String(id)}/link`, undefined, 'staffLink');

/** The team's changes, newest first (owners). */
export const staffActivity = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/activity', query, 'staffActivity');

/** Every change the filters match (the newest 10,000), for a spreadsheet. */
export const staffActivityExport = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/activity/export', query, 'staffActivityExport');

/** Product reviews for moderation (`catalogo` and owners): a status's queue, and a decision on one. */
export const staffReviews = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/reviews', query, 'staffReviews');

export const moderateReview = (client: Client, id: string, situacao: ReviewSituacao, motivo = '') =>
  sendJson(
    client,
    'put',
    `v2/admin/reviews/${encodeURIComponent(id)}`,
    { situacao, motivo },
    'staffReviewDecision',
  );

/** Coupons (`catalogo` and owners): every one with its uses, a new one, a change (switch off with `ativo: false`). */
/** Every coupon, and what a coupon may be restricted to. */
export const staffCoupons = (client: Client, query: Query = {}) =>
  getJson(client, 'v2/admin/coupons', query, 'staffCoupons');

/** A new coupon: the fields as typed, checked by the platform (a refusal is a 400 ApiError in Portuguese). */
export const createCoupon = (client: Client, coupon: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/admin/coupons', coupon, 'staffCoupon');

export const updateCoupon = (
  client: Client,
  codigo: string,
  change: CouponUpdate | Record<string, unknown>,
) => sendJson(client, 'put', `v2/admin/coupons/${encodeURIComponent(codigo)}`, change, 'staffCoupon');

/** Finishes by SKU or name, the most awaited first, and setting one's stock (e-mails who waited). */
export const staffStock = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/stock', query, 'staffStock');

export const setStock = (client: Client, sku: string, estoque: number | string) =>
  sendJson(client, 'put', `v2/admin/stock/${encodeURIComponent(sku)}`, { estoque }, 'staffStockChange');

/** A whole catalogue's sheet is read, checked and written in seconds (bench:api), not in a page's 8. */
const SHEET_CALL_MS = 60_000;

/** Every finish of the catalogue as a sheet row. */
export const staffSheet = async (client: Client) =>
  (await getJson(client, 'v2/admin/catalog/sheet', {}, 'staffSheet')).linhas;

/** Send a catalogue sheet (CSV or XLSX bytes): kept, and answered with its dry run. */
export const sendCatalogSheet = (client: Client, file: SentFile, arquivo: string) =>
  sendFile(client, 'v2/admin/catalog/imports', { arquivo }, file, 'staffSheetReport', SHEET_CALL_MS);

/** A kept sheet's dry run, against the catalogue as it is now. */
export const catalogSheetDryRun = (client: Client, id: string) =>
  getJson(client, `v2/admin/catalog/imports/${encodeURIComponent(id)}`, {}, 'staffSheetReport');

export const applyCatalogSheet = (client: Client, id: string) =>
  sendJson(
    client,
    'post',
    `v2/admin/catalog/imports/${encodeURIComponent(id)}/apply`,
    undefined,
    'staffSheetReport',
    SHEET_CALL_MS,
  );

/** Products by name or SKU, brand, category and stock, a page at a time. */
export const staffProducts = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/products', query, 'staffProducts');

/** One product whole, with what its form offers and its newest changes. */
export const staffProduct = (client: Client, id: number) =>
  getJson(client, `v2/admin/products/${String(id)}`, {}, 'staffProduct');

/** What a new product's form offers: brands, categories, finishes. */
export const staffProductOptions = (client: Client) =>
  getJson(client, 'v2/admin/products/options', {}, 'staffProductOptions');

/** Change a product whole (`id`) or create one: the form as typed, checked by the platform field by field. */
export const saveStaffProduct = (client: Client, id: number | undefined, product: Record<string, unknown>) =>
  id === undefined
    ? sendJson(client, 'post', 'v2/admin/products', product, 'staffProduct')
    : sendJson(client, 'put', `v2/admin/products/${String(id)}`, product, 'staffProduct');

/** A product's photos: send one (its bytes), move one a place earlier (-1) or later (1), remove one. */
export const sendProductPhoto = (client: Client, id: number, file: SentFile) =>
  sendFile(client, `v2/admin/products/${String(id)}/photos`, {}, file, 'staffProduct', SHEET_CALL_MS);

export const moveProductPhoto = (client: Client, id: number, foto: string, mover: -1 | 1) =>
  sendJson(
    client,
    'put',
    `v2/admin/products/${String(id)}/photos/${encodeURIComponent(foto)}`,
    { mover },
    'staffProduct',
  );

export const removeProductPhoto = (client: Client, id: number, foto: string) =>
  sendJson(
    client,
    'delete',
    `v2/admin/products/${String(id)}/photos/${encodeURIComponent(foto)}`,
    undefined,
    'staffProduct',
  );
