import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { ProfileAccess } from '../infrastructure/profile-access';
import { FacilitiesQueries } from '../read-models/facilities.queries';
import { CountFacilitiesQuery } from './count-facilities.query';

/** How many of the caller's facilities the grid's filters match. */
@QueryHandler(CountFacilitiesQuery)
export class CountFacilitiesHandler implements IQueryHandler<CountFacilitiesQuery, directory.FacilityCountReply> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly queries: FacilitiesQueries,
  ) {}

  async execute({ input }: CountFacilitiesQuery): Promise<directory.FacilityCountReply> {
    const me = await this.access.requireAdmin();
    return { success: true, count: await this.queries.count(me.id, input) };
  }
}
