import { Logger } from '@nestjs/common';
import { DomainError } from '@app/errors';
import { rankResults } from '../domain/registry/ranking';
import type { RegistryQuery } from '../domain/registry/search-term';
import type { RegistryAddress, RegistryEndpoint, RegistryResult, RegistryTaxonomy } from '../domain/registry/registry-result';

export type LiveRegistryOptions = { baseUrl: string; timeoutMs: number; retries: number; backoffMs?: number };

/** What the public API allows per request. */
export const NPPES_API_LIMIT = 200;
const UNREACHABLE = 'The national provider registry is unreachable: try again in a moment';

/**
 * The same lookups against the public NPPES API v2.1 (`NPPES_MODE=live`): exact NPI (`number`),
 * people by `last_name`/`first_name` and organisations by `organization_name`, with trailing
 * `*` wildcards (the API wants at least two characters before one), narrowed by `state` and
 * `city`. Each request has a timeout and is retried with exponential backoff and jitter on a
 * network error, a timeout, 429 or 5xx; when every try fails the call answers 503.
 * The API has no NPI prefix search nor words in any order: an NPI prefix finds nothing, and
 * an organisation is found by the beginning of its name.
 */
export class LiveRegistry {
  private readonly logger = new Logger('LiveRegistry');
  constructor(private readonly options: LiveRegistryOptions) {}

  async lookup(npi: string): Promise<RegistryResult | null> {
    const results = await this.ask({ number: npi });
    return results.find((r) => r.number === npi) ?? null;
  }

  async search(query: RegistryQuery): Promise<RegistryResult[]> {
    const params: Record<string, string> = { limit: String(Math.min(NPPES_API_LIMIT, 50)) };
    const wildcard = (v: string) => (v.replace(/\*/g, '').length >= 2 ? `${v.replace(/\*/g, '')}*` : v.replace(/\*/g, ''));
    switch (query.kind) {
      case 'none':
      case 'npiPrefix':
        return [];
      case 'npi':
        params.number = query.npi;
        if (query.audience !== 'any') params.enumeration_type = query.audience === 'person' ? 'NPI-1' : 'NPI-2';
        break;
      case 'person':
        params.enumeration_type = 'NPI-1';
        params.last_name = wildcard(query.last);
        if (query.first) params.first_name = wildcard(query.first);
        break;
      case 'organization':
        params.enumeration_type = 'NPI-2';
        params.organization_name = wildcard(query.name);
        break;
    }
    if ((query.kind === 'person' || query.kind === 'organization') && query.state) params.state = query.state;
    if ((query.kind === 'person' || query.kind === 'organization') && query.city) params.city = query.city;
    return rankResults(query, await this.ask(params));
  }

  private async ask(params: Record<string, string>): Promise<RegistryResult[]> {
    const url = new URL(this.options.baseUrl);
    url.searchParams.set('version', '2.1');
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const backoff = this.options.backoffMs ?? 200;
    let lastError = '';
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, backoff * 2 ** (attempt - 1) * (0.5 + Math.random())));
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs), headers: { accept: 'application/json' } });
        if (res.status === 429 || res.status >= 500) {
          lastError = `HTTP ${res.status}`;
          continue;
        }
        if (!res.ok) throw new DomainError('unavailable', UNREACHABLE, { code: 'registry_unavailable' });
        const body = (await res.json()) as { results?: unknown[]; Errors?: Array<{ description?: string }> };
        // The API answers 200 with Errors for criteria it refuses (too short, too broad): no results.
        if (body.Errors?.length) return [];
        return (body.results ?? []).map((r) => fromApi(r as ApiResult));
      } catch (err) {
        if (err instanceof DomainError) throw err;
        lastError = (err as Error).name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : (err as Error).message;
      }
    }
    this.logger.warn(`NPPES API ${url.origin}${url.pathname}: ${lastError} (after ${this.options.retries + 1} tries)`);
    throw new DomainError('unavailable', UNREACHABLE, { code: 'registry_unavailable' });
  }
}

type ApiResult = {
  number?: string | number;
  enumeration_type?: string;
  basic?: Record<string, string | undefined>;
  addresses?: Array<Record<string, string | undefined>>;
  taxonomies?: Array<Record<string, string | boolean | undefined>>;
  endpoints?: Array<Record<string, string | undefined>>;
};

function fromApi(r: ApiResult): RegistryResult {
  const b = r.basic ?? {};
  const address = (a: Record<string, string | undefined>): RegistryAddress => ({
    address_purpose: a.address_purpose === 'MAILING' ? 'MAILING' : 'LOCATION',
    address_type: 'DOM',
    address_1: a.address_1 ?? '',
    address_2: a.address_2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postal_code: a.postal_code ?? '',
    country_code: a.country_code ?? 'US',
    telephone_number: a.telephone_number ?? '',
    fax_number: a.fax_number ?? '',
  });
  const addresses = (r.addresses ?? []).map(address);
  // Location first, mailing second (the API lists mailing first).
  addresses.sort((x, y) => (x.address_purpose === y.address_purpose ? 0 : x.address_purpose === 'LOCATION' ? -1 : 1));
  const taxonomies: RegistryTaxonomy[] = (r.taxonomies ?? []).map((t) => ({
    code: String(t.code ?? ''),
    desc: String(t.desc ?? ''),
    primary: t.primary === true || t.primary === 'true' || t.primary === 'Y',
    state: (t.state as string | undefined) || null,
    license: (t.license as string | undefined) || null,
  }));
  const endpoints: RegistryEndpoint[] = (r.endpoints ?? []).map((e) => ({
    endpointType: e.endpointType ?? '',
    endpointTypeDescription: e.endpointTypeDescription ?? '',
    endpoint: e.endpoint ?? '',
    endpointDescription: e.endpointDescription ?? '',
    affiliation: e.affiliation ?? '',
    affiliationName: e.affiliationName ?? '',
    use: e.use ?? '',
    useDescription: e.useDescription ?? '',
    contentType: e.contentType ?? '',
    contentTypeDescription: e.contentTypeDescription ?? '',
    country_code: e.country_code ?? '',
    address_1: e.address_1 ?? '',
    city: e.city ?? '',
    state: e.state ?? '',
    postal_code: e.postal_code ?? '',
  }));
  const deactivated = b.status === 'D';
  return {
    number: String(r.number ?? ''),
    enumeration_type: r.enumeration_type === 'NPI-1' || r.enumeration_type === 'NPI-2' ? r.enumeration_type : null,
    basic: {
      first_name: b.first_name ?? '',
      middle_name: b.middle_name ?? '',
      last_name: b.last_name ?? '',
      organization_name: b.organization_name ?? '',
      credential: b.credential ?? '',
      name_prefix: b.name_prefix ?? '',
      name_suffix: b.name_suffix ?? '',
      sex: b.sex ?? b.gender ?? '',
      enumeration_date: b.enumeration_date ?? null,
      last_updated: b.last_updated ?? null,
      status: deactivated ? 'D' : 'A',
      deactivation_date: b.deactivation_date ?? null,
    },
    taxonomies,
    addresses,
    endpoints,
    deactivated,
    sample: false,
  };
}
