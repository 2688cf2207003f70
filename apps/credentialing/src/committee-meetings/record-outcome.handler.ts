import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { Conflict } from '@app/errors';
import { checkOutcome } from '../domain/committee-meeting';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { MeetingService } from '../infrastructure/meeting.service';
import { MeetingWriter } from '../infrastructure/meeting.writer';
import { ProviderNotices } from '../notify-provider/provider-notices';
import { RecordOutcomeCommand } from './record-outcome.command';

/**
 * A Committee member or the Medical Director records the meeting's outcome for a file on its
 * agenda. Refused without quorum (409 naming who is present and who is needed), for a file not
 * on the agenda (404) or decided there already (409). The outcome is written to the file first
 * (its decision, letter and notice as every decision's; a deferral back to staff with the
 * questions), then to the meeting.
 */
@CommandHandler(RecordOutcomeCommand)
export class RecordOutcomeHandler implements ICommandHandler<RecordOutcomeCommand, credentialing.MeetingReply> {
  constructor(
    private readonly access: CommitteeAccess,
    private readonly meetings: MeetingWriter,
    private readonly files: CredentialingWriter,
    private readonly notices: ProviderNotices,
    private readonly view: MeetingService,
  ) {}

  async execute({ input }: RecordOutcomeCommand): Promise<credentialing.MeetingReply> {
    const actor = await this.access.member();
    const { meetingId, providerId, outcome } = input;
    const item = checkOutcome(await this.meetings.load(meetingId), providerId);
    const file = await this.files.load(providerId);
    if (file.current?.cycleId !== item.cycleId) throw new Conflict('The file on the agenda has been decided or started again since the meeting was scheduled');
    const letterId = randomUUID();
    const now = new Date();
    const after = await this.files.execute({ type: 'RecordCommitteeOutcome', data: { providerId, actor: { userId: actor.userId, role: 'committee' }, now, meetingId, letterId, ...outcome } });
    const recorded = after.current?.committee?.outcomes.at(-1);
    await this.meetings.execute({
      type: 'RecordMeetingOutcome',
      data: {
        meetingId,
        by: actor.userId,
        now,
        outcome: {
          providerId,
          cycleId: item.cycleId,
          outcome: outcome.outcome,
          conditions: recorded?.conditions ?? null,
          followUpOn: recorded?.followUpOn ?? null,
          reasons: recorded?.reasons ?? [],
          note: recorded?.note ?? null,
          questions: recorded?.questions ?? null,
          letterId: outcome.outcome === 'defer' ? null : letterId,
          at: now.toISOString(),
          by: actor.userId,
        },
      },
    });
    if (outcome.outcome === 'defer') await this.notices.raise(providerId, 'committee-deferred', `committee-deferred:${meetingId}:${item.cycleId}`, null, actor.userId);
    else await this.notices.decided(providerId, letterId, actor.userId);
    return { success: true, meeting: await this.view.view(meetingId) };
  }
}
