import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Forbidden, NotFound } from '@app/nest-kit';
import { ProfileAccess } from '../infrastructure/profile-access';
import { ProfileWriter } from '../infrastructure/profile.writer';
import { DeleteUserCommand } from './delete-user.command';

/** An admin deletes a user's profile (never their own, never the master admin's). */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand, { success: true }> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly writer: ProfileWriter,
  ) {}

  async execute({ input }: DeleteUserCommand): Promise<{ success: true }> {
    const me = await this.access.requireAdmin();
    const { userId } = input;
    if (userId === me.id) throw new Forbidden('You cannot delete your own profile');
    // The aggregate, not the read model: a profile created a moment ago may not be projected yet.
    const state = await this.writer.load(userId);
    if (state.status !== 'active') throw new NotFound('User not found');
    if (state.roles.isMasterAdmin) throw new Forbidden('The master admin cannot be deleted');
    const result = await this.writer.execute(userId, { type: 'DeleteProfile', data: { now: new Date(), by: me.id } });
    await this.writer.projected(result);
    return { success: true };
  }
}
