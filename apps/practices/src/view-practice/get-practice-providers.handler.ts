import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';
import { NotFound } from '@app/nest-kit';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticesQueries } from '../read-models/practices.queries';
import { GetPracticeProvidersQuery } from './get-practice-providers.query';

/** The providers of a practice (by id or NPI), or these owners with their practices. */
@QueryHandler(GetPracticeProvidersQuery)
export class GetPracticeProvidersHandler implements IQueryHandler<GetPracticeProvidersQuery, { providers: practices.PracticeProviderView[] }> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: GetPracticeProvidersQuery): Promise<{ providers: practices.PracticeProviderView[] }> {
    await this.access.actor();
    let practiceId = input.practiceId;
    if (!practiceId && input.npi) {
      const row = await this.queries.byNpi(input.npi);
      if (!row) throw new NotFound('Practice not found');
      practiceId = row.id;
    }
    if (practiceId) {
      if (!(await this.queries.byId(practiceId))) throw new NotFound('Practice not found');
      return { providers: await this.queries.providers({ practiceId }) };
    }
    return { providers: await this.queries.providers({ userIds: input.ownerIds }) };
  }
}
