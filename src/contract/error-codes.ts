/** Zod-free, so the browser's API client can read codes without shipping zod. */

/**
 * The `error` codes this store's platform answers with (an external platform may send others). Code that
 * reacts to a refusal tests the code, not the status or the message.
 */
export const ERROR_CODES = [
  'bad_request',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'unauthorized',
  'invalid_signature',
  'not_refundable',
  'provider_deadline',
  'not_an_alert',
  'first_owner_closed',
  'login_required',
  'login_failed',
  'rate_limited',
  'not_found',
  'product_not_found',
  'variant_required',
  'cart_full',
  'addresses_full',
  'cart_empty',
  'cart_changed',
  'coupon_unknown',
  'coupon_refused',
  'coupon_exhausted',
  'coupon_taken',
  'product_taken',
  'in_stock',
  'already_reviewed',
  'second_factor_on',
  'invalid_status_change',
  'stale_status',
  'staff_login_required',
  'staff_forbidden',
  'last_owner',
  'totp_invalid',
  'payment_unavailable',
  'payment_failed',
  'invoice_refused',
  'invoice_provider',
  'bad_idempotency_key',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'invalid_key',
  'validation',
  'unavailable',
  'bad_gateway',
  'internal_error',
  'http_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
