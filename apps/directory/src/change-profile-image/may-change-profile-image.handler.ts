import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ProfileAccess } from '../infrastructure/profile-access';
import { MayChangeProfileImageQuery } from './may-change-profile-image.query';

/** 403/404 when the caller may not change that profile's images (the gateway asks before storing an upload). */
@QueryHandler(MayChangeProfileImageQuery)
export class MayChangeProfileImageHandler implements IQueryHandler<MayChangeProfileImageQuery, { success: true }> {
  constructor(private readonly access: ProfileAccess) {}

  async execute({ input }: MayChangeProfileImageQuery): Promise<{ success: true }> {
    await this.access.writableTarget(input);
    return { success: true };
  }
}
