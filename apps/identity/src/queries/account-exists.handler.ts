import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { identity } from '@app/contracts';
import { normalizePhone } from '@app/validation';
import { Account } from '../read-models/account.entity';
import { AccountExistsQuery } from './account-exists.query';

/** Duplicate checks (case-insensitive; mobiles compared in E.164), answered from the accounts read model. */
@QueryHandler(AccountExistsQuery)
export class AccountExistsHandler implements IQueryHandler<AccountExistsQuery, identity.ExistsReply> {
  constructor(private readonly em: EntityManager) {}

  async execute({ input: { field, value } }: AccountExistsQuery): Promise<identity.ExistsReply> {
    const em = this.em.fork();
    const where =
      field === 'userName'
        ? { userNameLower: value.toLowerCase() }
        : field === 'email'
          ? { emailLower: value.toLowerCase() }
          : { mobile: normalizePhone(value) ?? value };
    const count = await em.count(Account, where);
    return { isDuplicate: count > 0 };
  }
}
