import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { directory } from '@app/contracts';
import { FacilityNotFound } from '../domain/facility.aggregate';
import { FacilityDetailsBuilder } from '../infrastructure/facility-details';
import { FacilityWriter } from '../infrastructure/facility.writer';
import { ProfileAccess } from '../infrastructure/profile-access';
import { facilityViewFromState } from '../read-models/facilities.queries';
import { AddFacilityCommand } from './add-facility.command';

/** An admin adds a facility to their own list. */
@CommandHandler(AddFacilityCommand)
export class AddFacilityHandler implements ICommandHandler<AddFacilityCommand, directory.FacilityReply> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly writer: FacilityWriter,
    private readonly build: FacilityDetailsBuilder,
  ) {}

  async execute({ input }: AddFacilityCommand): Promise<directory.FacilityReply> {
    const me = await this.access.requireAdmin();
    const facilityId = randomUUID();
    const details = await this.build.details(input.details);
    const result = await this.writer.execute(facilityId, { type: 'CreateFacility', data: { facilityId, ownerId: me.id, details, now: new Date() } });
    await this.writer.projected(result);
    if (result.state.status === 'none') throw new FacilityNotFound();
    return { success: true, facility: facilityViewFromState(result.state, me.email) };
  }
}
