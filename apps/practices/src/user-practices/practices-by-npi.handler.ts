import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticesQueries } from '../read-models/practices.queries';
import { PracticesByNpiQuery } from './practices-by-npi.query';

/** Which of these registry NPIs are practices already. */
@QueryHandler(PracticesByNpiQuery)
export class PracticesByNpiHandler implements IQueryHandler<PracticesByNpiQuery, { practices: { npi: string; userName: string; _id: string }[] }> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: PracticesByNpiQuery): Promise<{ practices: { npi: string; userName: string; _id: string }[] }> {
    await this.access.actor();
    return { practices: await this.queries.npisTaken(input.npis) };
  }
}
