// Zod-free: the panel's form and the buyer's pages read it too.

/** The carriers the panel offers; any other name may be typed (then no tracking link is made). */
export const CARRIERS = [
  'Correios',
  'Jadlog',
  'Loggi',
  'J&T Express',
  'Total Express',
  'Azul Cargo Express',
] as const;

/** A Correios object code, `AA123456785BR`: two letters, eight digits, the check digit, two letters. */
const CORREIOS = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/;
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** Whether a Correios code is well formed and its check digit right (UPU S10: weights 8 6 4 2 3 5 9 7, mod 11). */
export function correiosCodeOk(code: string): boolean {
  const m = CORREIOS.exec(code.trim().toUpperCase());
  if (!m?.[1] || m[2] === undefined) return false;
  let sum = 0;
  for (let i = 0; i < m[1].length; i++) sum += Number(m[1][i]) * (WEIGHTS[i] ?? 0);
  const rest = 11 - (sum % 11);
  const check = rest === 10 ? 0 : rest === 11 ? 5 : rest;
  return check === Number(m[2]);
}

const isCorreios = (carrier: string) => /^correios$/i.test(carrier.trim());

/** Where the buyer follows a shipment, for the carriers whose tracking page takes the code in its address. */
export function trackingUrl(carrier: string, code: string): string | undefined {
  const c = encodeURIComponent(code.trim());
  if (!c) return undefined;
  const name = carrier.trim().toLowerCase();
  if (name === 'correios') return `https://rastreamento.correios.com.br/app/index.php?objetos=${c}`;
  if (name === 'jadlog') return `https://www.jadlog.com.br/jadlog/tracking?cte=${c}`;
  if (name === 'loggi') return `https://www.loggi.com/rastreador/${c}`;
  if (name === 'j&t express') return `https://www.jtexpress.com.br/trajectoryQuery?waybillNo=${c}`;
  return undefined;
}

/**
 * What is wrong with a shipment's carrier and code, by field (empty when nothing): both are needed, and a
 * Correios code is checked with its check digit.
 */
export function trackingProblems(carrier: string, code: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!carrier.trim()) problems['transportadora'] = 'Informe a transportadora.';
  if (!code.trim()) problems['rastreio'] = 'Informe o código de rastreio: ele vai no e-mail do cliente.';
  else if (isCorreios(carrier) && !correiosCodeOk(code))
    problems['rastreio'] =
      'Código dos Correios inválido: são 2 letras, 9 números e 2 letras (como AA123456785BR), e o dígito verificador precisa conferir.';
  return problems;
}
