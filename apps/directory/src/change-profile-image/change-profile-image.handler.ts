import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { ProfileAccess } from '../infrastructure/profile-access';
import { ProfileWriter } from '../infrastructure/profile.writer';
import { toView, viewFromState } from '../read-models/profiles.queries';
import { ChangeProfileImageCommand } from './change-profile-image.command';

/** A profile's banner or avatar becomes an uploaded image (the user's own, or anyone's for the master admin). */
@CommandHandler(ChangeProfileImageCommand)
export class ChangeProfileImageHandler implements ICommandHandler<ChangeProfileImageCommand, { success: true; usr: directory.ProfileView }> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly writer: ProfileWriter,
  ) {}

  async execute({ input }: ChangeProfileImageCommand): Promise<{ success: true; usr: directory.ProfileView }> {
    const { me, row } = await this.access.writableTarget(input.target);
    const result = await this.writer.execute(row.id, { type: 'ChangeImage', data: { image: input.image, url: input.url, now: new Date(), by: me.id } });
    await this.writer.projected(result);
    return { success: true, usr: viewFromState(result.state) ?? toView(row) };
  }
}
