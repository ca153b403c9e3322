import type { APIRoute } from 'astro';
import { panelLogout } from '#/controllers/panel-login.ts';
import { PANEL_LOGIN } from '#/controllers/panel.ts';

/** Log out of the panel (this browser, or every one with `acao=todos`; controllers/panel-login.ts). */
export const POST: APIRoute = async (visit) => visit.redirect((await panelLogout(visit)).redirect, 303);

export const GET: APIRoute = ({ redirect }) => redirect(PANEL_LOGIN, 303);
