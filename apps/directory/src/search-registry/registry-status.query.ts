import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** Which registry answers (mirror or live) and what the mirror holds. */
export class RegistryStatusQuery extends Query<directory.RegistryStatusReply> {}
