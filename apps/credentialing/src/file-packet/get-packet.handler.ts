import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '@app/nest-kit';
import { credentialingStreamId } from '../domain/credentialing-file.decider';
import { FileAccess } from '../infrastructure/file-access';
import { FileService } from '../infrastructure/file.service';
import { GetPacketQuery } from './get-packet.query';
import { packetEvents, peopleOfEvents } from './packet-events';

/**
 * The file as its people see it (403 for others, 404 without a file) and the current cycle's
 * decision events read from the stream, with every field they carry.
 */
@QueryHandler(GetPacketQuery)
export class GetPacketHandler implements IQueryHandler<GetPacketQuery, credentialing.PacketReply> {
  constructor(
    private readonly files: FileService,
    private readonly access: FileAccess,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ input }: GetPacketQuery): Promise<credentialing.PacketReply> {
    const { file } = await this.files.view(input.providerId);
    const events = await this.store.readStream(credentialingStreamId(input.providerId));
    const decisions = packetEvents(events, file.cycleId);
    const missing = peopleOfEvents(decisions).filter((id) => !file.people?.[id]);
    return { file, decisions, people: missing.length ? await this.access.names(missing) : {}, generatedAt: new Date().toISOString() };
  }
}
