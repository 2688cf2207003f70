import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { assertAllowed } from '../domain/credentialing-file.decider';
import { FileAccess } from '../infrastructure/file-access';
import { ExclusionMatches } from './exclusion-matches';
import { ListMatchesQuery } from './list-matches.query';

/** Whoever sees the file sees its exclusion matches (403 for a stranger). */
@QueryHandler(ListMatchesQuery)
export class ListMatchesHandler implements IQueryHandler<ListMatchesQuery, credentialing.ExclusionMatchesReply> {
  constructor(
    private readonly access: FileAccess,
    private readonly matches: ExclusionMatches,
  ) {}

  async execute({ input }: ListMatchesQuery): Promise<credentialing.ExclusionMatchesReply> {
    assertAllowed((await this.access.fileActor(input.providerId)).role, 'ViewFile');
    return { matches: await this.matches.of(input.providerId) };
  }
}
