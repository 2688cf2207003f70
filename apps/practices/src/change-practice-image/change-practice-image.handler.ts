import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticeWriter } from '../infrastructure/practice.writer';
import { PracticesQueries } from '../read-models/practices.queries';
import { ChangePracticeImageCommand } from './change-practice-image.command';

/** A practice's banner or avatar becomes an uploaded image. */
@CommandHandler(ChangePracticeImageCommand)
export class ChangePracticeImageHandler implements ICommandHandler<ChangePracticeImageCommand, practices.PracticeReply> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly writer: PracticeWriter,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: ChangePracticeImageCommand): Promise<practices.PracticeReply> {
    const actor = await this.access.actor();
    const { practiceId, image } = input;
    const result = await this.writer.execute(practiceId, { type: 'ChangePracticeImage', data: { image, url: input.url as string, actor, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, practice: await this.queries.profileOf(practiceId) };
  }
}
