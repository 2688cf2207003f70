import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';
import { NotFound } from '@app/nest-kit';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticeWriter } from '../infrastructure/practice.writer';
import { PracticesQueries } from '../read-models/practices.queries';
import { EditPracticeCommand } from './edit-practice.command';

/** An owner (or the master admin) edits a practice's details and its users. */
@CommandHandler(EditPracticeCommand)
export class EditPracticeHandler implements ICommandHandler<EditPracticeCommand, practices.PracticeReply> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly writer: PracticeWriter,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: EditPracticeCommand): Promise<practices.PracticeReply> {
    const actor = await this.access.actor();
    if (!(await this.queries.byId(input.practiceId))) throw new NotFound('Practice not found');
    const userName = input.changes.userName;
    const taken = { userName: await this.access.taken('userName', userName, input.practiceId) };
    const users = await this.access.users(input.owners);
    const result = await this.writer.execute(input.practiceId, {
      type: 'EditPractice',
      data: { changes: input.changes, taken, users, removed: input.deletedOwners, actor, now: new Date() },
    });
    await this.writer.projected(result);
    return { success: true, practice: await this.queries.profileOf(input.practiceId) };
  }
}
