import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { ProfileAccess } from '../infrastructure/profile-access';
import { FacilitiesQueries, toFacilityView } from '../read-models/facilities.queries';
import { ListFacilitiesQuery } from './list-facilities.query';

/** The caller's facilities grid (admins only; every read scoped to the owner). */
@QueryHandler(ListFacilitiesQuery)
export class ListFacilitiesHandler implements IQueryHandler<ListFacilitiesQuery, directory.AllFacilitiesReply> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly queries: FacilitiesQueries,
  ) {}

  async execute({ input }: ListFacilitiesQuery): Promise<directory.AllFacilitiesReply> {
    const me = await this.access.requireAdmin();
    const { rows, count } = await this.queries.grid(me.id, input);
    return { success: true, facilities: rows.map((r) => toFacilityView(r, me.email)), count };
  }
}
