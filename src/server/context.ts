import type { Db } from './db/client.ts';

/** What every platform route can reach: the database, config and the caller's session. */
export type PlatformConfig = {
  db: Db;
  /** Expected `App-Token` value. */
  appToken: string;
  /** Public origin for absolute URLs; when absent the request's own origin is used. */
  siteUrl?: string | undefined;
  /** Folder where rendered images are cached. */
  mediaDir: string;
};

export type PlatformEnv = {
  Variables: {
    config: PlatformConfig;
    session: string;
    /** Origin used for every absolute URL of this answer. */
    origin: string;
  };
};
