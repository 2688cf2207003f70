import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

export class DocumentAccessQuery extends Query<credentialing.DocumentAccessReply> {
  constructor(readonly input: credentialing.DocumentAccessRequest) {
    super();
  }
}
