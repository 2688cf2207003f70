import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { ChasingSettings } from './chasing-settings';
import { SetChasingCommand } from './set-chasing.command';

@CommandHandler(SetChasingCommand)
export class SetChasingHandler implements ICommandHandler<SetChasingCommand, credentialing.ChasingSettingsReply> {
  constructor(private readonly settings: ChasingSettings) {}

  async execute({ input }: SetChasingCommand): Promise<credentialing.ChasingSettingsReply> {
    const by = await this.settings.assertStaffOf(input.practiceId);
    return this.settings.set(input.practiceId, input.everyDays, input.maxTimes, by);
  }
}
