import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import type { ProfileChanges } from '../domain/profile.events';
import { EMPTY_ADDRESS } from '../domain/profile.events';
import { ProfileAccess } from '../infrastructure/profile-access';
import { IdentityClient } from '../infrastructure/identity.client';
import { ProfileWriter } from '../infrastructure/profile.writer';
import { toView, viewFromState } from '../read-models/profiles.queries';
import { UpdateProfileCommand } from './update-profile.command';

/** A user edits their own profile (the master admin anyone's); a new user name is identity's first. */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, { success: true; usr: directory.ProfileView }> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly writer: ProfileWriter,
    private readonly identity: IdentityClient,
  ) {}

  async execute({ input }: UpdateProfileCommand): Promise<{ success: true; usr: directory.ProfileView }> {
    const { me, row } = await this.access.writableTarget(input.target);
    if (input.userName !== undefined && input.userName !== row.user_name) {
      // Identity owns user names: unique there first ('User Name Taken' on userName), then recorded here.
      const changed = await this.identity.changeUserName({ accountId: row.id, userName: input.userName });
      await this.writer.execute(row.id, { type: 'SyncAccount', data: { account: { userName: changed.userName }, now: new Date() } });
    }
    const changes = { ...input.changes } as ProfileChanges;
    if (input.changes.mailingAddress) changes.mailingAddress = { ...EMPTY_ADDRESS, streetAddress2: row.street2, ...(input.changes.mailingAddress as Partial<typeof EMPTY_ADDRESS>) };
    const result = await this.writer.execute(row.id, { type: 'UpdateProfile', data: { changes, now: new Date(), by: me.id } });
    await this.writer.projected(result);
    return { success: true, usr: viewFromState(result.state) ?? toView(row) };
  }
}
