import { Query } from '@nestjs/cqrs';
import type { GridQuery, practices } from '@app/contracts';

/** The practices grid (administrators only). */
export class ListPracticesQuery extends Query<practices.ListPracticesReply> {
  constructor(readonly input: GridQuery) {
    super();
  }
}
