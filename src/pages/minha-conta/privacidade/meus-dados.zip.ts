import type { APIRoute } from 'astro';
import { privacyDownload } from '#/controllers/privacy.ts';

/** The customer's copy of their data: JSON and a CSV per part, in one zip (controllers/privacy.ts). */
export const GET: APIRoute = (visit) => privacyDownload(visit);
