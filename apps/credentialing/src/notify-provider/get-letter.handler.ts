import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { assertAllowed } from '../domain/credentialing-file.decider';
import { FileAccess } from '../infrastructure/file-access';
import { GetLetterQuery } from './get-letter.query';
import { ProviderNotices } from './provider-notices';

/** Served to the provider, their practices' credentialing staff and the master admin (403 otherwise). */
@QueryHandler(GetLetterQuery)
export class GetLetterHandler implements IQueryHandler<GetLetterQuery, credentialing.LetterReply> {
  constructor(
    private readonly access: FileAccess,
    private readonly notices: ProviderNotices,
  ) {}

  async execute({ input }: GetLetterQuery): Promise<credentialing.LetterReply> {
    const actor = await this.access.fileActor(input.providerId);
    assertAllowed(actor.role, 'ViewFile');
    return this.notices.letter(input.providerId, input.letterId);
  }
}
