/**
 * Whether the database answers, as this process last saw it. A lost connection marks it down at once
 * (requests then fail fast with 503 instead of queueing behind a dead pool); the watcher (watch.ts)
 * marks it up again when its own connection answers.
 */
export class DatabaseHealth {
  #up = true;
  #since = Date.now();
  #reason = '';

  get up(): boolean {
    return this.#up;
  }

  /** Why it is down (an error code, never a query or its values). */
  get reason(): string {
    return this.#reason;
  }

  markDown(reason: string): void {
    if (!this.#up) return;
    this.#up = false;
    this.#since = Date.now();
    this.#reason = reason;
    console.error(`[database] unreachable (${reason}): answering 503 until it returns`);
  }

  markUp(): void {
    if (this.#up) return;
    this.#up = true;
    console.log(`[database] back after ${String(Date.now() - this.#since)} ms`);
    this.#reason = '';
  }
}

/** Thrown by the platform while the database is known to be down: the answer is a 503, at once. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** SQLSTATE classes and socket errors that mean the connection, not the query, failed. */
const LOST_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const LOST_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Query read timeout|Client was closed|Cannot use a pool after calling end|not queryable|terminating connection/i;

/** The errors of a chain (drizzle wraps the driver's error in `cause`). */
function* chain(error: unknown): Generator {
  for (let e = error, depth = 0; e && depth < 5; depth += 1) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The connection was lost or could not be made: the database is (for now) unreachable. */
export function isConnectionLoss(error: unknown): boolean {
  for (const e of chain(error)) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof Error && LOST_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** A failure to answer now that is not the request's fault: a lost database, or a statement cut by its timeout. */
export function isUnavailable(error: unknown): boolean {
  if (isConnectionLoss(error)) return true;
  for (const e of chain(error)) {
    const code = (e as { code?: unknown }).code;
    if (code === '57014' || code === '55P03') return true; // query_canceled (statement_timeout), lock_not_available
  }
  return false;
}

/** PostgreSQL's "data exception" class (22xxx): a value out of range, a NUL in a text, a bad encoding. */
export function isDataException(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
  }
  return false;
}

/** A unique constraint refused the row (23505): someone else wrote the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  for (const e of chain(error)) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** A short, value-free name of an error for the log: its code, else its class. */
export function errorCode(error: unknown): string {
  for (const e of chain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.name : typeof error;
}
