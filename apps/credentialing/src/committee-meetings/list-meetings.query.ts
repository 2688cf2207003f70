import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The committee's meetings, newest first. */
export class ListMeetingsQuery extends Query<credentialing.MeetingsReply> {
  constructor(readonly input: z.output<typeof credentialing.COMMITTEE_RPC.listMeetings.request>) {
    super();
  }
}
