import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identity } from '@app/contracts';
import { NotFound, Rpc, parseFields } from '@app/nest-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { DevOutbox } from '../delivery/dev-outbox';

/** Lists the development outbox, newest first (GET /api/dev/outbox). Does not exist in production. */
@Controller()
export class DevOutboxHandler {
  constructor(
    private readonly outbox: DevOutbox,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Rpc('identity', 'qry', 'devOutbox')
  async list(@Payload() payload: unknown): Promise<identity.DevOutboxMessage[]> {
    if (this.config.NODE_ENV === 'production') throw new NotFound();
    const req = parseFields(identity.DevOutboxRequest, payload);
    return this.outbox.list(req.to);
  }
}
