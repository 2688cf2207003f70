import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { practices } from '@app/contracts';
import { Forbidden } from '@app/nest-kit';
import type { PracticeDetails } from '../domain/practice.events';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticeWriter } from '../infrastructure/practice.writer';
import { PracticesQueries } from '../read-models/practices.queries';
import { CreatePracticeCommand } from './create-practice.command';

/** The master admin creates a practice with its owners (its NPI, user name and email unique among the practices). */
@CommandHandler(CreatePracticeCommand)
export class CreatePracticeHandler implements ICommandHandler<CreatePracticeCommand, practices.PracticeReply> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly writer: PracticeWriter,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: CreatePracticeCommand): Promise<practices.PracticeReply> {
    const actor = await this.access.actor();
    if (!actor.isMasterAdmin) throw new Forbidden('Only the master admin may create practices');
    const practiceId = randomUUID();
    const details: PracticeDetails = { ...input.details };
    const taken = {
      npi: await this.access.taken('npi', details.npi),
      userName: await this.access.taken('userName', details.userName),
      email: await this.access.taken('email', details.email),
    };
    const users = await this.access.users(input.owners);
    const result = await this.writer.execute(practiceId, { type: 'CreatePractice', data: { practiceId, details, users, taken, actor, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, practice: await this.queries.profileOf(practiceId) };
  }
}
