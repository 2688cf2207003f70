import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { ChasingSettings } from './chasing-settings';
import { GetChasingQuery } from './get-chasing.query';

@QueryHandler(GetChasingQuery)
export class GetChasingHandler implements IQueryHandler<GetChasingQuery, credentialing.ChasingSettingsReply> {
  constructor(private readonly settings: ChasingSettings) {}

  async execute({ input }: GetChasingQuery): Promise<credentialing.ChasingSettingsReply> {
    await this.settings.assertStaffOf(input.practiceId);
    return this.settings.get(input.practiceId);
  }
}
