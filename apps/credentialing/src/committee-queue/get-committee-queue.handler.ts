import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { CommitteeFiles } from '../infrastructure/committee-files';
import { GetCommitteeQueueQuery } from './get-committee-queue.query';

/** The committee queue, for Committee members, the Medical Director and the master admin (403 otherwise). */
@QueryHandler(GetCommitteeQueueQuery)
export class GetCommitteeQueueHandler implements IQueryHandler<GetCommitteeQueueQuery, credentialing.CommitteeQueueReply> {
  constructor(
    private readonly access: CommitteeAccess,
    private readonly files: CommitteeFiles,
  ) {}

  async execute(): Promise<credentialing.CommitteeQueueReply> {
    await this.access.memberOrMasterAdmin();
    const entries = await this.files.inReview(new Date());
    return { success: true, clean: entries.filter((e) => e.route === 'clean'), flagged: entries.filter((e) => e.route === 'flagged') };
  }
}
