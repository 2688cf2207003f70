import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { practices } from '@app/contracts';
import { Forbidden } from '@app/nest-kit';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticesQueries } from '../read-models/practices.queries';
import { ListPracticesQuery } from './list-practices.query';

/** The practices grid (administrators only). */
@QueryHandler(ListPracticesQuery)
export class ListPracticesHandler implements IQueryHandler<ListPracticesQuery, practices.ListPracticesReply> {
  constructor(
    private readonly access: PracticeAccess,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: ListPracticesQuery): Promise<practices.ListPracticesReply> {
    const actor = await this.access.actor();
    if (!actor.isAdmin) throw new Forbidden('Only administrators may list all practices');
    return this.queries.grid(input);
  }
}
