import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Forbidden } from '@app/nest-kit';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticeWriter } from '../infrastructure/practice.writer';
import { DeletePracticeCommand } from './delete-practice.command';

/** The master admin deletes a practice (its unique values are free again). */
@CommandHandler(DeletePracticeCommand)
export class DeletePracticeHandler implements ICommandHandler<DeletePracticeCommand, { success: true }> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly writer: PracticeWriter,
  ) {}

  async execute({ input }: DeletePracticeCommand): Promise<{ success: true }> {
    const actor = await this.access.actor();
    if (!actor.isMasterAdmin) throw new Forbidden('Only the master admin may delete practices');
    const result = await this.writer.execute(input.practiceId, { type: 'DeletePractice', data: { actor, now: new Date() } });
    await this.writer.projected(result);
    return { success: true };
  }
}
