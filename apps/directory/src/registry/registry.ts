import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { directory } from '@app/contracts';
import { NotFound } from '@app/errors';
import { PG_POOL } from '@app/nest-kit';
import { parseRegistryTerm } from '../domain/registry/search-term';
import type { RegistryResult, RegistrySource } from '../domain/registry/registry-result';
import { PracticeMemberships } from '../read-models/practice-memberships.queries';
import { LiveRegistry } from './live-registry';
import { MirrorRegistry } from './mirror-registry';
import { mirrorStatus } from './nppes-importer';
import { REGISTRY_CONFIG, type RegistryConfig } from './registry.config';

/** The national provider registry: lookups from the local mirror or, with NPPES_MODE=live, the public API. */
@Injectable()
export class NpiRegistry {
  private readonly mirror: MirrorRegistry;
  private readonly live?: LiveRegistry;
  private sampleOnly: { value: boolean; at: number } | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
    private readonly memberships: PracticeMemberships,
  ) {
    this.mirror = new MirrorRegistry(pool);
    if (config.NPPES_MODE === 'live') {
      this.live = new LiveRegistry({ baseUrl: config.NPPES_API_URL, timeoutMs: config.NPPES_API_TIMEOUT_MS, retries: config.NPPES_API_RETRIES });
    }
  }

  async search(request: directory.RegistrySearchRequest): Promise<directory.RegistrySearchReply> {
    const query = parseRegistryTerm(request.searchTerm ?? '', {
      audience: request.audience,
      state: request.state ? request.state.toUpperCase() : undefined,
      city: request.city || undefined,
    });
    const found = await (this.live ?? this.mirror).search(query);
    const results = request.audience === 'organization' ? await this.withPracticeUserNames(found) : await this.withUserNames(found);
    return { results, source: await this.source(results) };
  }

  async lookup(npi: string): Promise<directory.RegistryLookupReply> {
    const result = await (this.live ?? this.mirror).lookup(npi);
    if (!result) throw new NotFound('NPI not found in the registry');
    const [named] = await this.withUserNames([result]);
    return { result: named, source: await this.source([named]) };
  }

  async status(): Promise<directory.RegistryStatusReply> {
    return { mode: this.config.NPPES_MODE, ...(await mirrorStatus(this.pool)) };
  }

  /** `userName` on the results whose NPI is already a profile in the product (the directory's profiles read model). */
  private async withUserNames(results: RegistryResult[]): Promise<RegistryResult[]> {
    if (!results.length) return results;
    const { rows } = await this.pool.query<{ npi: string; user_name: string }>(
      'SELECT DISTINCT ON (npi) npi, user_name FROM profiles WHERE npi = ANY($1::text[]) ORDER BY npi, created_at',
      [results.map((r) => r.number)],
    );
    if (!rows.length) return results;
    const byNpi = new Map(rows.map((r) => [r.npi, r.user_name]));
    return results.map((r) => (byNpi.has(r.number) ? { ...r, userName: byNpi.get(r.number) } : r));
  }

  /**
   * `userName` on the organisation results whose NPI a practice already holds (the directory's
   * copy of the practices' registrations, from their events): the create-practice drawer ignores them.
   */
  private async withPracticeUserNames(results: RegistryResult[]): Promise<RegistryResult[]> {
    const byNpi = await this.memberships.practiceUserNames(results.map((r) => r.number));
    return byNpi.size ? results.map((r) => (byNpi.has(r.number) ? { ...r, userName: byNpi.get(r.number) } : r)) : results;
  }

  /** Whether the mirror holds only the sample (cached 30 s): the web tags results 'Sample registry data'. */
  private async source(results: RegistryResult[]): Promise<RegistrySource> {
    if (this.live) return { mode: 'live', sampleOnly: false };
    if (!this.sampleOnly || Date.now() - this.sampleOnly.at > 30_000) {
      this.sampleOnly = { value: (await mirrorStatus(this.pool)).sampleOnly, at: Date.now() };
    }
    return { mode: 'mirror', sampleOnly: this.sampleOnly.value || (results.length > 0 && results.every((r) => r.sample)) };
  }
}
