import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';
import { NotFound } from '@app/nest-kit';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticesQueries } from '../read-models/practices.queries';
import { GetPracticeProfileQuery } from './get-practice-profile.query';

/** A practice's profile by its NPI. */
@QueryHandler(GetPracticeProfileQuery)
export class GetPracticeProfileHandler implements IQueryHandler<GetPracticeProfileQuery, { success: true; practice: practices.PracticeProfile }> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: GetPracticeProfileQuery): Promise<{ success: true; practice: practices.PracticeProfile }> {
    await this.access.actor();
    const row = await this.queries.byNpi(input.npi);
    if (!row) throw new NotFound('Practice not found');
    return { success: true, practice: await this.queries.profile(row) };
  }
}
