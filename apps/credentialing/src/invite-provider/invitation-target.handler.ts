import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { NotFound } from '@app/errors';
import { assertAllowed } from '../domain/credentialing-file.decider';
import { FileAccess } from '../infrastructure/file-access';
import { InvitationTargetQuery } from './invitation-target.query';

/**
 * Staff invite a provider of their practices (the master admin any provider) to set a password
 * and fill in their application: the same right as starting the provider's file. 403 otherwise,
 * 404 for a profile that is not a provider's (or has no email). Names the practices that ask.
 */
@QueryHandler(InvitationTargetQuery)
export class InvitationTargetHandler implements IQueryHandler<InvitationTargetQuery, credentialing.InvitationTargetReply> {
  constructor(private readonly access: FileAccess) {}

  async execute({ input }: InvitationTargetQuery): Promise<credentialing.InvitationTargetReply> {
    const actor = await this.access.fileActor(input.providerId);
    assertAllowed(actor.role, 'StartFile');
    const profile = await this.access.provider(input.providerId);
    if (!profile?.email) throw new NotFound('No provider profile with this id');
    return { providerId: profile.id, email: profile.email, practiceIds: await this.access.askingPractices(actor, input.providerId) };
  }
}
