import { Query } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** The signed-in caller's user record (the session comes from the request context). */
export class SignedInUserQuery extends Query<identity.SignedInUser> {}
