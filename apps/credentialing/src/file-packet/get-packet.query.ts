import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** What the credentialing packet of a provider's file holds (the gateway renders it), for those who may see the file. */
export class GetPacketQuery extends Query<credentialing.PacketReply> {
  constructor(readonly input: { providerId: string }) {
    super();
  }
}
