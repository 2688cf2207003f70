import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { EventPipeline, PG_POOL } from '@app/nest-kit';
import { normalizePhone } from '@app/validation';
import { accountStreamId, decideAccount, initialAccountState } from '../domain/account.aggregate';
import { AccountWriter } from '../credentials/account-writer';
import { generatePassword, hashPassword } from '../credentials/password-hasher';
import { EnsureMasterAdminCommand } from './ensure-master-admin.command';

/** First run: the master administrator, exactly once however many gateways ask. */
@CommandHandler(EnsureMasterAdminCommand)
export class EnsureMasterAdminHandler implements ICommandHandler<EnsureMasterAdminCommand, identity.EnsureMasterAdminReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly writer: AccountWriter,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute({ input: parsed }: EnsureMasterAdminCommand): Promise<identity.EnsureMasterAdminReply> {
    // Mobiles are stored in E.164 (+12025550123), as every other account's.
    const req = { ...parsed, mobile: parsed.mobile ? (normalizePhone(parsed.mobile) ?? parsed.mobile) : undefined };
    const existing = await this.existing();
    if (existing) return { created: false, ...existing };

    const accountId = randomUUID();
    const generatedPassword = req.password ? undefined : generatePassword();
    const hash = await hashPassword(req.password ?? generatedPassword!);
    const events = decideAccount(
      {
        type: 'RegisterAccount',
        data: {
          accountId,
          userName: req.userName,
          email: req.email,
          ...(req.mobile ? { mobile: req.mobile } : {}),
          displayName: 'Master Admin',
          firstName: 'Master',
          lastName: 'Admin',
          roles: { isAdmin: true, isProvider: false, isMasterAdmin: true, isAuditor: true },
          now: new Date(),
        },
      },
      initialAccountState,
    );
    try {
      const { globalPositions } = await this.writer.write({
        streamId: accountStreamId(accountId),
        expectedVersion: 'no-stream',
        events,
        reserve: [
          { kind: 'master-admin', value: 'master-admin', accountId, message: 'A master admin already exists' },
          { kind: 'userName', value: req.userName, accountId, message: 'User Name Taken', field: 'userName' },
          { kind: 'email', value: req.email, accountId, message: 'Email already in use', field: 'email' },
          ...(req.mobile ? [{ kind: 'mobile' as const, value: req.mobile, accountId, message: 'Mobile # already in use', field: 'mobile' }] : []),
        ],
        passwordHash: { accountId, hash },
      });
      await this.pipeline.projected(globalPositions);
      return { created: true, userId: accountId, userName: req.userName, ...(generatedPassword ? { generatedPassword } : {}) };
    } catch (e) {
      // Another instance won the race: report what it created.
      const now = await this.existing();
      if (now) return { created: false, ...now };
      throw e;
    }
  }

  private async existing(): Promise<{ userId: string; userName: string } | undefined> {
    const { rows } = await this.pool.query<{ account_id: string; user_name: string | null }>(
      `SELECT u.account_id, a.user_name FROM account_uniques u LEFT JOIN accounts a ON a.id = u.account_id
       WHERE u.kind = 'master-admin'`,
    );
    if (!rows[0]) return undefined;
    return { userId: rows[0].account_id, userName: rows[0].user_name ?? '' };
  }
}
