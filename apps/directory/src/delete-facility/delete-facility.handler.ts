import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { FacilityWriter } from '../infrastructure/facility.writer';
import { ProfileAccess } from '../infrastructure/profile-access';
import { DeleteFacilityCommand } from './delete-facility.command';

/** An admin deletes one of their facilities. */
@CommandHandler(DeleteFacilityCommand)
export class DeleteFacilityHandler implements ICommandHandler<DeleteFacilityCommand, directory.DeleteFacilityReply> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly writer: FacilityWriter,
  ) {}

  async execute({ input }: DeleteFacilityCommand): Promise<directory.DeleteFacilityReply> {
    const me = await this.access.requireAdmin();
    const result = await this.writer.execute(input.facilityId, { type: 'DeleteFacility', data: { ownerId: me.id, now: new Date() } });
    await this.writer.projected(result);
    return { success: true };
  }
}
