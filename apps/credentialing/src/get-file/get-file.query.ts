import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** The provider's current file: status, cycle, credentials, verifications, attestation, open items today, decision (null: the caller's own, not started). */
export class GetFileQuery extends Query<credentialing.GetFileReply> {
  constructor(readonly input: { providerId: string }) {
    super();
  }
}
