import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** Every sanction and exclusion list with its last import (staff and the master admin). */
export class ListSourcesQuery extends Query<credentialing.SourceListsReply> {}
