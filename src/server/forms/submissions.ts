import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

/** A newsletter sign-up; an e-mail already subscribed changes nothing (and the answer must not say so). */
export async function subscribe(db: Db, email: string, name: string): Promise<void> {
  await db.insert(t.newsletterSubscribers).values({ email, name }).onConflictDoNothing();
}

/** A form the team reads later (contact, architect programme), kept whole with its kind. */
export async function keepSubmission(db: Db, kind: string, email: string, data: object): Promise<void> {
  await db.insert(t.formSubmissions).values({ kind, email, data });
}
