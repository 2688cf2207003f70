import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/postgresql';
import { identity } from '@app/contracts';
import { Rpc, parsePayload } from '@app/nest-kit';
import { normalizePhone } from '@app/validation';
import { Account } from '../read-models/account.entity';

@Controller()
export class AccountQueriesHandler {
  constructor(private readonly em: EntityManager) {}

  /** Duplicate checks (case-insensitive; mobiles compared in E.164), answered from the accounts read model. */
  @Rpc('identity', 'qry', 'exists')
  async exists(@Payload() payload: unknown): Promise<identity.ExistsReply> {
    const { field, value } = parsePayload(identity.ExistsRequest, payload);
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
