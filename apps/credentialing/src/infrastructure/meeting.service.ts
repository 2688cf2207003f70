import { Injectable } from '@nestjs/common';
import type { credentialing } from '@app/contracts';
import { MeetingNotFound } from '../domain/committee-meeting';
import { meetingPeople, toMeetingView, type AgendaFile } from '../read-models/committee-meeting-view';
import { CredentialingWriter } from './credentialing.writer';
import { FileAccess } from './file-access';
import { MeetingWriter } from './meeting.writer';

/** A meeting as the API shows it (folded from its own stream), its agenda's files read from theirs. */
@Injectable()
export class MeetingService {
  constructor(
    private readonly meetings: MeetingWriter,
    private readonly files: CredentialingWriter,
    private readonly access: FileAccess,
  ) {}

  async view(meetingId: string): Promise<credentialing.MeetingView> {
    const m = await this.meetings.load(meetingId);
    if (!m) throw new MeetingNotFound();
    const files = new Map<string, AgendaFile>();
    for (const a of m.agenda) {
      const [state, profile] = await Promise.all([this.files.load(a.providerId), this.access.provider(a.providerId)]);
      files.set(a.providerId, { provider: profile?.name ?? null, npi: profile?.npi ?? null, cycle: state.current });
    }
    return toMeetingView(m, files, await this.access.names(meetingPeople(m)));
  }
}
