import { Injectable } from '@nestjs/common';
import { directory } from '@app/contracts';
import { DomainError } from '@app/errors';
import type { NppesRecord } from '../domain/nppes-check';
import { ServiceClient } from '../infrastructure/service.client';
import type { NppesSource } from './verification-sources';

/** The registry record as the check compares it: names, deactivation, and the licences of its taxonomies. */
export function toNppesRecord(reply: directory.RegistryLookupReply): NppesRecord {
  const r = reply.result;
  return {
    npi: r.number,
    firstName: r.basic.first_name,
    lastName: r.basic.last_name,
    deactivated: r.deactivated || r.basic.status === 'D',
    deactivationDate: r.basic.deactivation_date,
    licenses: r.taxonomies.filter((t) => t.license || t.state).map((t) => ({ state: t.state, number: t.license })),
    origin: `${reply.source.mode}${r.sample || reply.source.sampleOnly ? ' (sample registry)' : ''}`,
  };
}

/**
 * The NPPES port on the directory's registry (its mirror, or the live API when the directory
 * runs with NPPES_MODE=live): `directory.qry.registryLookup`, owned by the directory. Credentialing
 * never reads the directory's tables.
 */
@Injectable()
export class DirectoryNppesSource implements NppesSource {
  constructor(private readonly client: ServiceClient) {}

  async lookup(npi: string): Promise<NppesRecord | null> {
    try {
      const reply = await this.client.call(directory.REGISTRY_RPC.lookup, { npi });
      return toNppesRecord(reply);
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'not_found') return null;
      throw err;
    }
  }
}
