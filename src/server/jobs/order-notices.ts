// One concern: what follows an order's change, as a job written in the change's own transaction: a new
// order's confirmation (with how to pay) and the team's notice, a paid, shipped, delivered or cancelled order's
// e-mail to its buyer. The change and its job commit together, so an instance stopped right after the commit
// leaves the job to another; the request pays for one insert, and the e-mails' reads happen beside it.
import type { PgBoss } from 'pg-boss';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { tellOrder } from '#/server/orders/notices.ts';
import type { OrderNotice, TellOrder } from '#/server/orders/notices.ts';
import { chargeMissing } from '#/server/orders/placed.ts';
import { inSameTransaction } from './boss.ts';

export const ORDER_NOTICES_QUEUE = 'pedido-aviso';

type Job = OrderNotice & { numero: number };

/** A new order's charge is not made yet: its confirmation waits for the Pix code or payment page it carries. */
class ChargeNotYet extends Error {
  override name = 'ChargeNotYet';
}

/** The queue of orders' notices on `boss`; with `work`, this process works it. Answers how to write one. */
export async function startOrderNotices(
  boss: PgBoss,
  deps: { db: Db; mailer: Mailer; origin: string; work: boolean },
): Promise<TellOrder> {
  const policy = {
    // A charge takes seconds; one that never came (an instance stopped between the order and its charge)
    // leaves the order to expire, and after about two minutes of tries its job gives up.
    retryLimit: 12,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: 60,
    heartbeatSeconds: 10,
    deleteAfterSeconds: 7 * 86_400,
    notify: false,
  };
  await boss.createQueue(ORDER_NOTICES_QUEUE, policy);
  await boss.updateQueue(ORDER_NOTICES_QUEUE, policy);
  const follow = async (id: string, { numero, ...notice }: Job) => {
    if (notice.aviso === 'novo' && notice.cobrado && (await chargeMissing(deps.db, numero)))
      throw new ChargeNotYet();
    // The job's id is the message's key: run again (its completion lost), it writes the same message.
    await tellOrder(deps, numero, notice, `pedido:${String(numero)}:${notice.aviso}:${id}`);
  };
  if (deps.work)
    // One job after the other, each settled on its own (an order whose charge is not made yet waits alone):
    // the work beside the requests stays one query at a time, however many orders arrive at once. Full
    // batches are fetched again at once, else every second.
    await boss.work<Job>(
      ORDER_NOTICES_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: 5, burstWhenBatchFull: true, perJobResults: true },
      async (jobs) => {
        const results = [];
        for (const job of jobs)
          try {
            await follow(job.id, job.data);
            results.push({ id: job.id, status: 'completed' as const });
          } catch (error) {
            if (!(error instanceof ChargeNotYet))
              console.error(`[pedido-aviso] order ${String(job.data.numero)} not told (${errorCode(error)})`);
            results.push({ id: job.id, status: 'failed' as const, output: { motivo: errorCode(error) } });
          }
        return results;
      },
    );
  return async (tx, number, notice) => {
    await boss.send(ORDER_NOTICES_QUEUE, { numero: number, ...notice } satisfies Job, {
      db: inSameTransaction(tx),
    });
  };
}
