import { Injectable, Logger } from '@nestjs/common';
import type { directory } from '@app/contracts';
import { NotFound } from '@app/errors';
import type { FacilityDetails } from '../domain/facility.events';
import { NpiRegistry } from '../registry/registry';

/** A facility's details as they are stored, from a request (add and update facility). */
@Injectable()
export class FacilityDetailsBuilder {
  private readonly logger = new Logger('Facilities');
  constructor(private readonly registry: NpiRegistry) {}

  /**
   * The stored details. The entity type: the request's, else the one kept for an unchanged NPI,
   * else the registry's for the NPI, else 2 when only an organization name is given, else 1.
   */
  async details(input: directory.FacilityDetailsInput, kept?: '1' | '2'): Promise<FacilityDetails> {
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
