import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { FacilityNotFound } from '../domain/facility.aggregate';
import { FacilityDetailsBuilder } from '../infrastructure/facility-details';
import { FacilityWriter } from '../infrastructure/facility.writer';
import { ProfileAccess } from '../infrastructure/profile-access';
import { facilityViewFromState } from '../read-models/facilities.queries';
import { UpdateFacilityCommand } from './update-facility.command';

/** An admin edits one of their facilities. */
@CommandHandler(UpdateFacilityCommand)
export class UpdateFacilityHandler implements ICommandHandler<UpdateFacilityCommand, directory.FacilityReply> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly writer: FacilityWriter,
    private readonly build: FacilityDetailsBuilder,
  ) {}

  async execute({ input }: UpdateFacilityCommand): Promise<directory.FacilityReply> {
    const me = await this.access.requireAdmin();
    const { facilityId, details: asked } = input;
    const current = await this.writer.load(facilityId);
    const details = await this.build.details(asked, current.status === 'active' && current.details.npi === asked.npi ? current.details.entityTypeCode : undefined);
    const result = await this.writer.execute(facilityId, { type: 'UpdateFacility', data: { ownerId: me.id, details, now: new Date() } });
    await this.writer.projected(result);
    if (result.state.status === 'none') throw new FacilityNotFound();
    return { success: true, facility: facilityViewFromState(result.state, me.email) };
  }
}
