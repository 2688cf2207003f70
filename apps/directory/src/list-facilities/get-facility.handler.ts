import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { FacilityNotFound } from '../domain/facility.aggregate';
import { ProfileAccess } from '../infrastructure/profile-access';
import { FacilitiesQueries, toFacilityView } from '../read-models/facilities.queries';
import { GetFacilityQuery } from './get-facility.query';

/** One of the caller's facilities. */
@QueryHandler(GetFacilityQuery)
export class GetFacilityHandler implements IQueryHandler<GetFacilityQuery, directory.FacilityReply> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly queries: FacilitiesQueries,
  ) {}

  async execute({ input }: GetFacilityQuery): Promise<directory.FacilityReply> {
    const me = await this.access.requireAdmin();
    const row = await this.queries.byId(me.id, input.facilityId);
    if (!row) throw new FacilityNotFound();
    return { success: true, facility: toFacilityView(row, me.email) };
  }
}
