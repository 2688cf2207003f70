import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { DomainError } from '@app/errors';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { CommitteeFiles } from '../infrastructure/committee-files';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { ProviderNotices } from '../notify-provider/provider-notices';
import { ApproveCleanFilesCommand } from './approve-clean-files.command';

/** A batch with a file that is not a clean file in Committee Review: refused whole, naming each. */
export class BatchRefused extends DomainError {
  constructor(refused: { name: string; why: string }[]) {
    super('conflict', `Not approved: ${refused.map((r) => `${r.name} (${r.why})`).join('; ')}. Nothing was approved; flagged files go to a committee meeting`, { code: 'batch_refused' });
  }
}

/**
 * The Medical Director alone approves clean files (403 for anyone else). The batch is checked
 * first: a flagged file, or one not in Committee Review, refuses the whole batch (409 naming
 * them) and nothing is approved. Each approval is the file's decision with its letter and notice.
 */
@CommandHandler(ApproveCleanFilesCommand)
export class ApproveCleanFilesHandler implements ICommandHandler<ApproveCleanFilesCommand, credentialing.BatchApprovalReply> {
  constructor(
    private readonly access: CommitteeAccess,
    private readonly files: CommitteeFiles,
    private readonly writer: CredentialingWriter,
    private readonly notices: ProviderNotices,
  ) {}

  async execute({ input }: ApproveCleanFilesCommand): Promise<credentialing.BatchApprovalReply> {
    const md = await this.access.medicalDirector();
    const providerIds = [...new Set(input.providerIds)];
    const now = new Date();
    const inReview = new Map((await this.files.inReview(now, providerIds)).map((e) => [e.providerId, e]));
    const names = await this.access.providerNames(providerIds);
    const refused = providerIds.flatMap((id) => {
      const e = inReview.get(id);
      const name = names[id];
      if (!e) return [{ name, why: 'not in Committee Review' }];
      if (e.route === 'flagged') return [{ name, why: `flagged: ${e.flags.map((f) => f.message).join('; ')}` }];
      return [];
    });
    if (refused.length) throw new BatchRefused(refused);
    const approved: credentialing.BatchApprovalReply['approved'] = [];
    for (const providerId of providerIds) {
      const letterId = randomUUID();
      await this.writer.execute({
        type: 'RecordCommitteeOutcome',
        data: { providerId, actor: { userId: md.userId, role: 'committee' }, now: new Date(), meetingId: null, letterId, outcome: 'approve', reasons: [], ...(input.note ? { note: input.note } : {}) },
      });
      await this.notices.decided(providerId, letterId, md.userId);
      approved.push({ providerId, letterId });
    }
    return { success: true, approved };
  }
}
