import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { EVENT_STORE, EventPipeline, PG_POOL, ServiceUnavailable, type WriterStore } from '@app/nest-kit';
import { normalizeAccountMobile } from '@app/validation';
import { decideAccount } from '../domain/account.aggregate';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { AccountRepository, accountClaimScope } from '../accounts/account.repository';
import { generatePassword, hashPassword } from '../credentials/password-hasher';
import { EnsureMasterAdminCommand } from './ensure-master-admin.command';

/**
 * First run: the master administrator, exactly once however many gateways ask. Without a
 * password in the request (ADMIN_PASSWORD unset), identity generates one, hashes it and writes
 * it to ADMIN_PASSWORD_FILE (mode 0600, readable by the owner only); the password never
 * leaves this process otherwise: not in the reply, not in a log line, not in an event. The
 * reply names the file.
 */
@CommandHandler(EnsureMasterAdminCommand)
export class EnsureMasterAdminHandler implements ICommandHandler<EnsureMasterAdminCommand, identity.EnsureMasterAdminReply> {
  private readonly logger = new Logger('MasterAdmin');
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly repo: AccountRepository,
    private readonly pipeline: EventPipeline,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(EVENT_STORE) private readonly store: WriterStore,
  ) {}

  async execute({ input: parsed }: EnsureMasterAdminCommand): Promise<identity.EnsureMasterAdminReply> {
    // Mobiles are stored in E.164 (+12025550123), as every other account's (the request schema refused an invalid one).
    const req = { ...parsed, mobile: parsed.mobile ? normalizeAccountMobile(parsed.mobile) : undefined };
    const existing = await this.existing();
    if (existing) return { created: false, ...existing };

    const accountId = randomUUID();
    const generatedPassword = req.password ? undefined : generatePassword();
    // Written aside before the account exists (a file that cannot be written must not leave an
    // admin nobody can sign in as), moved into place once this instance has created it.
    const aside = generatedPassword ? await this.writeAside(generatedPassword) : undefined;
    const hash = await hashPassword(req.password ?? generatedPassword!);
    let globalPositions: string[];
    try {
      // A new stream; its claims: the master admin's role (one only), user name, email, mobile ('A master admin already exists', 'User Name Taken', ...).
      ({ globalPositions } = await this.repo.execute(accountId, (state) => ({
        events: decideAccount(
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
          state,
        ),
        passwordHash: { accountId, hash },
      })));
    } catch (e) {
      if (aside) await unlink(aside).catch(() => undefined);
      // Another instance won the race: report what it created.
      const now = await this.existing();
      if (now) return { created: false, ...now };
      throw e;
    }
    let passwordFile: string | undefined;
    if (aside) {
      passwordFile = this.passwordFile();
      await rename(aside, passwordFile);
      this.logger.log(`master admin '${req.userName}' created; its generated password is in ${passwordFile} (readable by its owner only): change it after signing in, then delete the file`);
    }
    await this.pipeline.projected(globalPositions, { projections: ['accounts'] });
    return { created: true, userId: accountId, userName: req.userName, ...(passwordFile ? { passwordFile } : {}) };
  }

  private passwordFile(): string {
    return resolve(this.config.ADMIN_PASSWORD_FILE);
  }

  /** The generated password in a new file of mode 0600 beside ADMIN_PASSWORD_FILE; its path. */
  private async writeAside(password: string): Promise<string> {
    const file = this.passwordFile();
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(aside, `${password}\n`, { mode: 0o600, flag: 'wx' });
      await chmod(aside, 0o600); // whatever the umask
      return aside;
    } catch (e) {
      await unlink(aside).catch(() => undefined);
      throw new ServiceUnavailable(
        `cannot write the generated master admin password to ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): make its folder writable, or set ADMIN_PASSWORD_FILE or ADMIN_PASSWORD`,
      );
    }
  }

  private async existing(): Promise<{ userId: string; userName: string } | undefined> {
    if (!this.store.withTransaction) {
      // KurrentDB: the master admin's claim is a reservation stream; the user name from the read model.
      const owner = await this.store.claimHolder(accountClaimScope('master-admin'), 'master-admin');
      if (!owner) return undefined;
      const { rows } = await this.pool.query<{ user_name: string | null }>('SELECT user_name FROM accounts WHERE id::text = $1', [owner]);
      return { userId: owner, userName: rows[0]?.user_name ?? '' };
    }
    const { rows } = await this.pool.query<{ account_id: string; user_name: string | null }>(
      `SELECT c.owner AS account_id, a.user_name FROM claims c LEFT JOIN accounts a ON a.id::text = c.owner
       WHERE c.scope = $1`,
      [accountClaimScope('master-admin')],
    );
    if (!rows[0]) return undefined;
    return { userId: rows[0].account_id, userName: rows[0].user_name ?? '' };
  }
}
