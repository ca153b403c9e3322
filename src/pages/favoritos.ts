import type { APIRoute } from 'astro';
import { toggleFavourite } from '#/controllers/favourites.ts';

/** The wishlist heart without JavaScript (controllers/favourites.ts); Astro's origin check keeps other sites out. */
export const POST: APIRoute = async (visit) => visit.redirect((await toggleFavourite(visit)).redirect, 303);

export const GET: APIRoute = ({ redirect }) => redirect('/minha-conta/lista-desejo', 303);
