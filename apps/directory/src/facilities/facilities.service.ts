import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { directory, type GridQuery } from '@app/contracts';
import { NotFound } from '@app/errors';
import { FacilityNotFound } from '../domain/facility.aggregate';
import type { FacilityDetails } from '../domain/facility.events';
import { ProfilesService } from '../profiles/profiles.service';
import { RegistryService } from '../registry/registry.service';
import { FacilitiesQueries, facilityViewFromState, toFacilityView } from './facilities.queries';
import { FacilityWriter } from './facility.writer';

/**
 * The facility use cases behind directory.cmd/qry. Admins only (the admin flag or the master
 * admin, from the directory's own copy of the roles); a facility belongs to the admin who added
 * it, whatever `adminEmail` a request names, and every read and write is scoped to that owner.
 */
@Injectable()
export class FacilitiesService {
  private readonly logger = new Logger('Facilities');
  constructor(
    private readonly writer: FacilityWriter,
    private readonly queries: FacilitiesQueries,
    private readonly profiles: ProfilesService,
    private readonly registry: RegistryService,
  ) {}

  async add(input: directory.FacilityDetailsInput): Promise<directory.FacilityReply> {
    const me = await this.profiles.requireAdmin();
    const facilityId = randomUUID();
    const details = await this.details(input);
    const result = await this.writer.execute(facilityId, { type: 'CreateFacility', data: { facilityId, ownerId: me.id, details, now: new Date() } });
    await this.writer.projected(result);
    if (result.state.status === 'none') throw new FacilityNotFound();
    return { success: true, facility: facilityViewFromState(result.state, me.email) };
  }

  async update(facilityId: string, input: directory.FacilityDetailsInput): Promise<directory.FacilityReply> {
    const me = await this.profiles.requireAdmin();
    const current = await this.writer.load(facilityId);
    const details = await this.details(input, current.status === 'active' && current.details.npi === input.npi ? current.details.entityTypeCode : undefined);
    const result = await this.writer.execute(facilityId, { type: 'UpdateFacility', data: { ownerId: me.id, details, now: new Date() } });
    await this.writer.projected(result);
    if (result.state.status === 'none') throw new FacilityNotFound();
    return { success: true, facility: facilityViewFromState(result.state, me.email) };
  }

  async delete(facilityId: string): Promise<directory.DeleteFacilityReply> {
    const me = await this.profiles.requireAdmin();
    const result = await this.writer.execute(facilityId, { type: 'DeleteFacility', data: { ownerId: me.id, now: new Date() } });
    await this.writer.projected(result);
    return { success: true };
  }

  async get(facilityId: string): Promise<directory.FacilityReply> {
    const me = await this.profiles.requireAdmin();
    const row = await this.queries.byId(me.id, facilityId);
    if (!row) throw new FacilityNotFound();
    return { success: true, facility: toFacilityView(row, me.email) };
  }

  async list(query: GridQuery): Promise<directory.AllFacilitiesReply> {
    const me = await this.profiles.requireAdmin();
    const { rows, count } = await this.queries.grid(me.id, query);
    return { success: true, facilities: rows.map((r) => toFacilityView(r, me.email)), count };
  }

  async count(query: GridQuery): Promise<directory.FacilityCountReply> {
    const me = await this.profiles.requireAdmin();
    return { success: true, count: await this.queries.count(me.id, query) };
  }

  /**
   * The stored details. The entity type: the request's, else the one kept for an unchanged NPI,
   * else the registry's for the NPI, else 2 when only an organization name is given, else 1.
   */
  private async details(input: directory.FacilityDetailsInput, kept?: '1' | '2'): Promise<FacilityDetails> {
    const entityTypeCode = input.entityTypeCode ?? kept ?? (await this.registryEntityType(input.npi)) ?? (input.contactPersonLastName ? '1' : '2');
    return {
      npi: input.npi,
      entityTypeCode,
      contactPersonFirstName: input.contactPersonFirstName,
      contactPersonMiddleName: input.contactPersonMiddleName,
      contactPersonLastName: input.contactPersonLastName,
      organizationName: input.mailingAddressOrgName,
      mailingAddress: {
        street: input.mailingAddressStreet,
        suite: input.mailingAddressSuite,
        city: input.mailingAddressCity,
        state: input.mailingAddressState,
        zip: input.mailingAddressZip,
      },
      email: input.email,
      mobile: input.mobile,
      phone: input.phone,
      fax: input.fax,
    };
  }

  private async registryEntityType(npi: string): Promise<'1' | '2' | undefined> {
    try {
      const { result } = await this.registry.lookup(npi);
      return result.enumeration_type === 'NPI-2' ? '2' : result.enumeration_type === 'NPI-1' ? '1' : undefined;
    } catch (err) {
      if (!(err instanceof NotFound)) this.logger.warn(`registry lookup for a facility failed: ${String(err)}`);
      return undefined;
    }
  }
}
