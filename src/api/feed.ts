import { getJson } from './core.ts';
import type { Client } from './core.ts';

/** Every finish on sale, as the shopping feeds read them (`/feeds/google.xml`). */
export const getFeed = (client: Client) => getJson(client, 'v2/front/feed', {}, 'feed');
