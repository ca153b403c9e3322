import type { Client } from '#/api/http.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { postedFields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

/** An owners' list of messages, with what the last "send it" did. */
export type MessageListView<T> = T & { notice: Notice | undefined };

/**
 * An owners' page that lists messages and sends one on a post (`mensagem`): the outbox's "Enviar agora", the
 * failed messages' "Reenviar". A send that worked comes back to `path?feito=…` with `done`; a refusal says why
 * above the list, with its status.
 */
export function messageListPage<T extends object>(
  visit: Visit,
  spec: {
    path: string;
    /** The `feito` value, and what the page then says. */
    done: { key: string; text: string };
    send: (client: Client, id: string) => Promise<unknown>;
    load: (client: Client) => Promise<T>;
  },
): Promise<Answer<PanelPage<MessageListView<T>>>> {
  return panelPage<MessageListView<T>>(visit, ['dono'], async (frame) => {
    let notice: Notice | undefined;
    let status: number | undefined;
    const fields = await postedFields(visit.request);
    if (fields) {
      try {
        await spec.send(frame.client, fields['mensagem'] ?? '');
        return redirect(`${spec.path}?feito=${spec.done.key}`);
      } catch (error) {
        const refused = refusal(error);
        notice = { text: refusalLine(refused), error: true };
        status = refused.status;
      }
    } else if (visit.url.searchParams.get('feito') === spec.done.key)
      notice = { text: spec.done.text, error: false };
    const content = await spec.load(frame.client);
    return { status, view: { frame, content: { ...content, notice } } };
  });
}
