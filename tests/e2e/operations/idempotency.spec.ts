import { expect, test } from '@playwright/test';
import {
  POSTGRES_URL,
  answers,
  createDatabase,
  databaseProxy,
  sql,
  startInstance,
  APP_TOKEN_HEADER as TOKEN,
  healthy,
  until,
} from '../../support/instances.ts';

/**
 * `Idempotency-Key` against real faults on PostgreSQL: an instance killed in the middle of a change, and the
 * connection cut between a change and its answer. A retry with the same key either replays the answer or
 * answers the cart as it is, and the change is made exactly once.
 */
test.describe.configure({ mode: 'serial' });

test.describe('on PostgreSQL', () => {
  test.skip(!POSTGRES_URL, 'TEST_DATABASE_URL is not set (no local PostgreSQL)');
  let database: Awaited<ReturnType<typeof createDatabase>>;
  test.beforeAll(async () => {
    if (!(await answers(POSTGRES_URL))) throw new Error(`PostgreSQL does not answer at ${POSTGRES_URL}`);
    database = await createDatabase('idem');
  });
  test.afterAll(async () => {
    await database.drop();
  });

  /** A session the platform issued, a variant in stock, and the cart add a shopper's double click would repeat. */
  async function cartAdd(url: string) {
    const ping = await fetch(`${url}/api/v2/front/ping`, { headers: TOKEN });
    const session = ping.headers.get('session') ?? '';
    const [variant] = await sql<{ id: number; product_id: number }>(
      database.url,
      'SELECT id, product_id FROM variants WHERE stock > 5 ORDER BY id LIMIT 1',
    );
    const body = JSON.stringify({
      tipo: 'produto',
      itens: [{ idProduto: variant?.product_id, idAtributoSimples: variant?.id, quantidade: 1 }],
    });
    const send = (base: string) =>
      fetch(`${base}/api/v2/front/checkout/cart`, {
        method: 'POST',
        headers: {
          ...TOKEN,
          Session: session,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'uma-chave-so-0001',
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
    const quantity = async () =>
      (
        await sql<{ quantity: number }>(
          database.url,
          'SELECT quantity FROM cart_items WHERE session_id = $1',
          [session],
        )
      ).map((r) => r.quantity);
    /** Run `work` while this session's `event` on `table` takes `seconds` (a slow disk, a busy database). */
    const slowed = async (event: string, table: string, seconds: number, work: () => Promise<void>) => {
      const name = `slow_${table}`;
      await sql(
        database.url,
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.session_id = '${session}' THEN PERFORM pg_sleep(${String(seconds)}); END IF; RETURN NEW; END $$`,
      );
      await sql(
        database.url,
        `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
      );
      try {
        await work();
      } finally {
        await sql(database.url, `DROP TRIGGER IF EXISTS ${name} ON ${table}`);
        await sql(database.url, `DROP FUNCTION IF EXISTS ${name}()`);
      }
    };
    /** The same add sent twice more: each time the cart holds one unit, and so does the database. */
    const retriedOnce = async (base: string) => {
      for (let i = 0; i < 2; i++) {
        const res = await send(base);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { quantidadeTotal: number }).quantidadeTotal).toBe(1);
      }
      expect(await quantity()).toEqual([1]);
    };
    return { session, send, slowed, retriedOnce };
  }

  test('an instance killed mid-request: the retry with the same Idempotency-Key adds once', async () => {
    const first = await startInstance({ DATABASE_URL: database.url });
    const add = await cartAdd(first.url);
    // The change takes its time, long enough to kill the instance in the middle of it.
    await add.slowed('INSERT', 'cart_items', 3, async () => {
      const lost = add.send(first.url).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await first.stop('SIGKILL');
      expect(await lost).toBeInstanceOf(Error);
    });
    const second = await startInstance({ DATABASE_URL: database.url });
    try {
      await add.retriedOnce(second.url);
    } finally {
      await second.stop();
    }
  });

  test('the connection cut between the change and its answer: the retry answers the cart, never adding twice', async () => {
    const proxy = await databaseProxy(database.url);
    const instance = await startInstance({ DATABASE_URL: proxy.url });
    const add = await cartAdd(instance.url);
    // Keeping the answer takes its time: the connection is cut right then, after the change committed.
    try {
      await add.slowed('UPDATE', 'idempotency_keys', 2, async () => {
        const first = add.send(instance.url).then(
          (res) => res.status,
          () => 0,
        );
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await proxy.refuse();
        await first;
        await proxy.restore();
        expect(await until(healthy(instance), 5000)).toBeLessThan(5000);
      });
      await add.retriedOnce(instance.url);
    } finally {
      await instance.stop();
      await proxy.close();
    }
  });
});
