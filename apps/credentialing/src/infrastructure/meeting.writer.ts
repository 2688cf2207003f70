import { Inject, Injectable } from '@nestjs/common';
import { AggregateWriter, EVENT_STORE, EventPipeline, currentContext, type WriterStore } from '@app/nest-kit';
import { decideMeeting, evolveMeeting, initialMeetingState, meetingStreamId, type MeetingCommand, type MeetingEvent, type MeetingState } from '../domain/committee-meeting';

/** A committee meeting on the kit's one aggregate writer, then read-your-writes on `committee_meetings`. */
@Injectable()
export class MeetingWriter {
  private readonly meetings: AggregateWriter<MeetingState, MeetingEvent, MeetingCommand>;

  constructor(@Inject(EVENT_STORE) store: WriterStore, pipeline: EventPipeline) {
    this.meetings = new AggregateWriter<MeetingState, MeetingEvent, MeetingCommand>(store, pipeline, {
      streamId: meetingStreamId,
      decide: decideMeeting,
      evolve: evolveMeeting,
      initialState: initialMeetingState,
      projections: ['committee-meetings'],
      conflict: 'The meeting changed at the same time; please try again',
      metadata: (command) => {
        const ctx = currentContext();
        return { ...(ctx?.correlationId ? { correlationId: ctx.correlationId } : {}), actorId: command.data.by };
      },
    });
  }

  load(meetingId: string): Promise<MeetingState> {
    return this.meetings.load(meetingId);
  }

  async execute(command: MeetingCommand): Promise<MeetingState> {
    const result = await this.meetings.execute(command.data.meetingId, command);
    await this.meetings.projected(result);
    return result.state;
  }
}
