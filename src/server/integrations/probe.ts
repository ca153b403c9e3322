// One concern: "Testar conexão": one call to a provider in force that changes nothing there, said in Portuguese.
import type { IntegrationId, IntegrationTest } from '#/contract/integrations.ts';
import { INTEGRATIONS } from '#/contract/integrations.ts';
import { errorCode } from '#/server/db/health.ts';
import { ProviderError } from '#/server/payments/http.ts';
import type { Integrations } from './hub.ts';

/** What a failure means to the owner: what was wrong, and where to look. */
export function failureText(id: IntegrationId, error: unknown): string {
  if (error instanceof ProviderError) {
    if (error.code === 'unreachable')
      return 'O endereço não respondeu: confira o endereço da API e a internet do servidor.';
    if (error.code === 'timeout') return 'O provedor não respondeu a tempo (tente de novo em instantes).';
    // A PSP closes the TLS handshake of a certificate it did not issue: for the API Pix, that is the likely cause.
    if (error.code === 'lost' && id === 'pix')
      return 'O banco encerrou a conexão: confira o certificado e a chave do cliente (o banco recusa um certificado que não emitiu).';
    if (error.code === 'lost') return 'A conexão caiu no meio da resposta (tente de novo em instantes).';
    if (error.code === 'invalid_answer')
      return 'O endereço respondeu, mas não como esta API responde: confira o endereço da API.';
    if (error.code === 'failed')
      return `O provedor está com erro agora (${String(error.status)}): tente mais tarde.`;
    if (error.status === 401 || error.status === 403)
      return `O provedor recusou as credenciais (${String(error.status)}): confira o token, o client ID e o secret.`;
    return `O provedor recusou o pedido (${String(error.status)}).`;
  }
  const code = errorCode(error);
  if (id === 'smtp') {
    if (code === 'EAUTH') return 'O servidor SMTP recusou o usuário e a senha.';
    if (code === 'ETIMEDOUT') return 'O servidor SMTP não respondeu a tempo.';
    if (code === 'EDNS' || code === 'ENOTFOUND')
      return 'O servidor SMTP não foi encontrado: confira o endereço.';
    return `Não foi possível conversar com o servidor SMTP (${code}): confira o endereço, a porta e smtp/smtps.`;
  }
  if (/CERT|SSL|OSSL|TLS|PEM|KEY/i.test(code) || /certificate|tls|pem/i.test(String(error)))
    return `O TLS com o banco falhou (${code}): confira o certificado, a chave e a cadeia de confiança.`;
  return `Falha ao conectar (${code}).`;
}

/** Call the provider `id` as the store has it now (the environment's or the panel's). */
export async function probe(integrations: Integrations, id: IntegrationId): Promise<IntegrationTest> {
  const state = integrations.state(id);
  if (!state.ligada)
    return {
      ok: false,
      mensagem:
        state.problema ?? `${INTEGRATIONS[id].nome} não está configurado: preencha e salve antes de testar.`,
    };
  const live = integrations.current();
  try {
    let said: string | undefined;
    switch (id) {
      case 'smtp':
        await integrations.mailer.verify?.();
        said = 'o servidor aceitou o usuário e a senha (nenhum e-mail foi enviado)';
        break;
      case 'pix': {
        const webhook = await live.pix?.api.probe();
        said = webhook
          ? `o banco deu o token e a chave Pix é da conta; notificações vão para ${webhook}`
          : 'o banco deu o token e a chave Pix é da conta; nenhum webhook registrado ainda';
        break;
      }
      case 'mercadopago':
        await live.mercadoPago?.mp.paymentsOf('teste-de-conexao-da-loja');
        said = 'o token abriu a conta (nenhuma cobrança foi criada)';
        break;
      case 'focusnfe':
        said =
          (await live.invoicing?.provider.probe?.()) ?? 'o token abriu a conta (nenhuma nota foi emitida)';
        break;
      case 'melhorenvio':
        said = await live.shipping?.probe?.();
        said = said ? `o token abriu a ${said}` : 'o token abriu a conta';
        break;
    }
    return { ok: true, mensagem: `Conexão bem-sucedida: ${said}.` };
  } catch (error) {
    return { ok: false, mensagem: failureText(id, error) };
  }
}
