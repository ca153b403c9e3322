import os from 'node:os';
import path from 'node:path';

/** The e2e servers (playwright.config.ts starts them; the specs reach the second one directly). */
export const PORT = Number(process.env['E2E_PORT'] ?? 4399);
/** A second server of the same build in maintenance mode, released by MAINTENANCE_SECRET. */
export const MAINTENANCE_PORT = PORT + 1;
export const MAINTENANCE_SECRET = 'libera-e2e-0f3a9c';
/** Where the first server's output is copied (the password-reset link is written there). */
export const SERVER_LOG = path.join(os.tmpdir(), `store-e2e-${String(PORT)}.log`);
/** Where the first server's start-up wrote a store-evaluation invitation link (scripts/evaluation-key.ts). */
export const EVALUATION_LINK = path.join(os.tmpdir(), `store-e2e-${String(PORT)}-avaliacao.txt`);
