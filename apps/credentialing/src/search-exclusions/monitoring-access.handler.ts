import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileAccess } from '../infrastructure/file-access';
import { MonitoringAccessQuery } from './monitoring-access.query';

/** Answers any signed-in caller (401 otherwise): the same rule as the search's 403 (FileAccess.isStaff). */
@QueryHandler(MonitoringAccessQuery)
export class MonitoringAccessHandler implements IQueryHandler<MonitoringAccessQuery, credentialing.MonitoringAccessReply> {
  constructor(private readonly access: FileAccess) {}

  async execute(): Promise<credentialing.MonitoringAccessReply> {
    return { searchExclusions: await this.access.isStaff() };
  }
}
