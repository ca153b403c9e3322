import type { APIRoute } from 'astro';
import { getFeed } from '#/api/feed.ts';
import { createClient } from '#/api/http.ts';
import { googleFeedXml } from '#/lib/feed.ts';

/** The product feed for Google Merchant Center and Meta: every finish on sale, fetched by them a few times a day. */
export const GET: APIRoute = async ({ url }) =>
  new Response(googleFeedXml(await getFeed(createClient(url.origin))), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
