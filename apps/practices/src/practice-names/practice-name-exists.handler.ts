import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticeNameExistsQuery } from './practice-name-exists.query';

/** Whether a practice holds this user name or email already. */
@QueryHandler(PracticeNameExistsQuery)
export class PracticeNameExistsHandler implements IQueryHandler<PracticeNameExistsQuery, { isDuplicate: boolean }> {
  constructor(private readonly access: PracticeAccess) {}

  async execute({ input }: PracticeNameExistsQuery): Promise<{ isDuplicate: boolean }> {
    await this.access.actor();
    return { isDuplicate: await this.access.taken(input.field, input.value) };
  }
}
