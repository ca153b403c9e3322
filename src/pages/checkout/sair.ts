import type { APIRoute } from 'astro';
import { logoutAnswer } from '#/controllers/login.ts';
import { LOGIN_PAGE } from '#/controllers/visit.ts';

/** Log out (a form posts here; controllers/login.ts). */
export const POST: APIRoute = async (visit) => visit.redirect((await logoutAnswer(visit)).redirect, 303);

export const GET: APIRoute = ({ redirect }) => redirect(LOGIN_PAGE, 303);
