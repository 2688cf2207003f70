import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** The provider's current file: status, cycle, credentials, verifications, attestation, open items today, decision. */
export class GetFileQuery extends Query<credentialing.FileReply> {
  constructor(readonly input: { providerId: string }) {
    super();
  }
}
