import { setTimeout as sleep } from 'node:timers/promises';
import cepPromise from 'cep-promise';
import type { CepAddress } from '#/contract/address.ts';
import { errorCode } from '#/server/db/health.ts';
import { TtlCache } from '#/server/lib/ttl-cache.ts';
import { CITY_RANGES, STREETS, ufOfCep } from './table.ts';

/**
 * What a CEP tells of an address: first a configured provider (street level, when it answers in time),
 * else the embedded table (city and state, a few streets), else the state alone. Never slower than the
 * provider's timeout, never an error the shopper sees: the form's fields stay the fallback.
 */

/** Street-level lookup by an outside service; undefined when it does not know the CEP. */
export type CepProvider = (cep: string) => Promise<Omit<CepAddress, 'cep'> | undefined>;

/** How long a shopper waits for the provider before the table answers. */
export const CEP_PROVIDER_TIMEOUT_MS = 1500;

const PROVIDERS = ['brasilapi', 'viacep', 'widenet', 'correios', 'correios-alt'] as const;
type ProviderName = (typeof PROVIDERS)[number];
const isProvider = (name: string): name is ProviderName => (PROVIDERS as readonly string[]).includes(name);

/**
 * The `cep-promise` services named in CEP_PROVIDERS (`brasilapi,viacep`), raced with a short timeout;
 * undefined when none is named (the store then answers from its table alone).
 */
export function cepProviderFrom(names: string | undefined): CepProvider | undefined {
  const providers = (names ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = providers.filter((name) => !isProvider(name));
  if (unknown.length > 0)
    throw new Error(`CEP_PROVIDERS: unknown provider(s) ${unknown.join(', ')}; use ${PROVIDERS.join(', ')}`);
  if (providers.length === 0) return undefined;
  return async (cep) => {
    const found = await cepPromise(cep, {
      providers: providers.filter(isProvider),
      timeout: CEP_PROVIDER_TIMEOUT_MS,
    });
    return { logradouro: found.street, bairro: found.neighborhood, cidade: found.city, uf: found.state };
  };
}

/** The embedded answer: a known street, a city range, or the state. */
export function tableAddress(cep: string): CepAddress | undefined {
  const n = Number(cep);
  const city = CITY_RANGES.find(([from, to]) => n >= from && n <= to);
  const [logradouro, bairro] = STREETS[cep] ?? ['', ''];
  if (city) return { cep, logradouro, bairro, cidade: city[2], uf: city[3] };
  const uf = ufOfCep(cep);
  return uf ? { cep, logradouro: '', bairro: '', cidade: '', uf } : undefined;
}

/** Provider answers are kept a day (addresses do not move), per process. */
const remembered = new TtlCache<CepAddress>(5000, 24 * 60 * 60 * 1000);

/** Ask the provider, bounded by the timeout; undefined on silence, failure or an unknown CEP. */
async function askProvider(provider: CepProvider, cep: string): Promise<CepAddress | undefined> {
  const cached = remembered.get(cep);
  if (cached) return cached;
  const stop = new AbortController();
  const late = sleep(CEP_PROVIDER_TIMEOUT_MS, undefined, { signal: stop.signal }).catch(() => undefined);
  try {
    const found = await Promise.race([provider(cep), late]);
    if (!found?.uf) return undefined;
    const address = { cep, ...found };
    remembered.set(cep, address);
    return address;
  } catch (error) {
    // An unknown CEP or a service away: the table answers; the log names the cause, not the CEP.
    console.warn(`[cep] provider did not answer (${errorCode(error)})`);
    return undefined;
  } finally {
    stop.abort();
  }
}

/** The address of an 8-digit CEP, or undefined when nobody knows it. */
export async function lookupCep(cep: string, provider?: CepProvider): Promise<CepAddress | undefined> {
  const table = tableAddress(cep);
  // A street the table knows needs no outside call.
  if (table?.logradouro) return table;
  const found = provider ? await askProvider(provider, cep) : undefined;
  return found ?? table;
}
