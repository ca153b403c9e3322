// What a page says of an e-mail the store just sent: it was sent (the store has SMTP), or it only waits in the
// outbox, said as such. No page tells the team a person "foi avisado" when nothing left the store.

/** Where the owners read what waits in the outbox. */
export const OUTBOX_PATH = '/painel/caixa-de-saida';

/**
 * `done` followed by what happened to the e-mail: `sent` when the store sends e-mail, else that the message
 * to `who` ("o cliente", "cada cliente") stays in the outbox, not sent.
 */
export function withMail(envia: boolean, done: string, sent: string, who = 'o cliente'): string {
  return `${done} ${
    envia
      ? sent
      : `O e-mail para ${who} ficou na caixa de saída da loja e não foi enviado: a loja ainda não envia e-mails.`
  }`;
}
