import { Inject, Injectable } from '@nestjs/common';
import type { Claim, RecordedEvent } from '@app/event-store';
import { AggregateWriter, Conflict, EVENT_STORE, EventPipeline, type WriterStore } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { accountStreamId, evolveAccount, initialAccountState, type AccountState } from '../domain/account.aggregate';
import type { AccountEvent } from '../domain/account.events';
import { AccountWriter, eventMetadata, withEventIds, type AccountSideWrites } from '../credentials/account-writer';

/** The unique values of an account, each a claim in the store's one claims table ('account.<kind>'). */
export type UniqueKind = 'userName' | 'email' | 'mobile' | 'master-admin';
export const accountClaimScope = (kind: UniqueKind) => `account.${kind}`;

/** The 409 (message, field) when another account holds a value. */
export type TakenMessages = Partial<Record<UniqueKind, { message: string; field?: string }>>;

const TAKEN: Required<TakenMessages> = {
  'master-admin': { message: 'A master admin already exists' },
  userName: { message: MESSAGES.userNameTaken, field: 'userName' },
  email: { message: MESSAGES.emailInUse, field: 'email' },
  mobile: { message: MESSAGES.mobileInUse, field: 'mobile' },
};

/**
 * What an account holds, unique across accounts (lower case): its user name, email and mobile,
 * and the master admin's role (one master admin). The writer acquires and releases them as the
 * account's state changes, in the append.
 */
export function accountClaims(state: AccountState): Claim[] {
  if (state.status !== 'active') return [];
  const claim = (kind: UniqueKind, value: string): Claim => ({ scope: accountClaimScope(kind), value: value.toLowerCase(), owner: state.accountId });
  return [
    ...(state.roles.isMasterAdmin ? [claim('master-admin', 'master-admin')] : []),
    claim('userName', state.userName),
    claim('email', state.email),
    ...(state.mobile ? [claim('mobile', state.mobile)] : []),
  ];
}

/** What a use case decided: the new events, the rows that change with them, and the 409s of its unique values (default: registration's). */
export type AccountDecision = { events: AccountEvent[]; taken?: TakenMessages } & AccountSideWrites;

/**
 * `attempts`: on a store without transactions (KurrentDB), each decision's side writes, written
 * before its append (keyed by its first event's id); the last one is the decision appended.
 */
type AccountCommand = { decide: AccountUseCase; taken: TakenMessages; attempts: Array<{ eventId: string | null; writes: AccountSideWrites } | null> };

/** A use case's decision on the account's current state (run again on a concurrent append). */
export type AccountUseCase = (state: AccountState) => AccountDecision | Promise<AccountDecision>;

export type AccountOutcome = { events: AccountEvent[]; state: AccountState; globalPositions: string[] };

/** The 409 a command answers when its account kept changing under it (nothing was written). */
export const ACCOUNT_BUSY_MESSAGE = 'The account was changed at the same time; please try again';

/**
 * Runs a use case on an account on the kit's one aggregate writer: load, decide, append with
 * the loaded version, the account's claims (user name, email, mobile: `accountClaims`) and the
 * decision's side writes (hashes, secrets) in one transaction; a concurrent append reloads and decides again, with backoff, and when retries
 * run out the caller gets a 409, never a 500.
 */
@Injectable()
export class AccountRepository {
  private readonly accounts: AggregateWriter<AccountState, AccountEvent, AccountCommand>;

  /** `store`: the service's event store as its EVENT_STORE picks it (Postgres, or KurrentDB: the side writes then go around the append, AccountWriter). */
  constructor(
    @Inject(EVENT_STORE) private readonly store: WriterStore,
    pipeline: EventPipeline,
    private readonly writer: AccountWriter,
  ) {
    this.accounts = new AggregateWriter<AccountState, AccountEvent, AccountCommand>(store, pipeline, {
      streamId: accountStreamId,
      decide: async (command, state) => {
        const { events: decided, taken, ...sideWrites } = await command.decide(state);
        command.taken = taken ?? {};
        const writes = Object.values(sideWrites).some((w) => w !== undefined);
        if (writer.transactional) return { events: decided, ...(writes ? { inTransaction: (client) => writer.sideWrites(client, sideWrites) } : {}) };
        // KurrentDB: what counts only with its event is written first, under the event's id (with
        // no event nothing of it would ever count: only the removals are done, after).
        command.attempts.push(null);
        if (!writes) return { events: decided };
        if (!decided.length) {
          command.attempts[command.attempts.length - 1] = { eventId: null, writes: { secret: { remove: sideWrites.secret?.remove } } };
          return { events: decided };
        }
        const events = withEventIds(decided as Array<AccountEvent & { id?: string }>);
        command.attempts[command.attempts.length - 1] = { eventId: events[0].id!, writes: sideWrites };
        await writer.beforeAppend(events[0].id!, sideWrites);
        return { events };
      },
      evolve: evolveAccount,
      initialState: () => initialAccountState,
      projections: ['accounts'],
      conflict: ACCOUNT_BUSY_MESSAGE,
      metadata: () => eventMetadata(),
      claims: accountClaims,
      taken: (claim, command) => {
        const kind = claim.scope.slice('account.'.length) as UniqueKind;
        const { message, field } = command.taken[kind] ?? TAKEN[kind];
        return new Conflict(message, field);
      },
    });
  }

  load(accountId: string): Promise<{ state: AccountState; version: number }> {
    return this.accounts.loadVersioned(accountId);
  }

  async execute(accountId: string, decide: AccountUseCase, retries = 10): Promise<AccountOutcome> {
    const command: AccountCommand = { decide, taken: {}, attempts: [] };
    let result;
    try {
      result = await this.accounts.execute(accountId, command, { retries });
    } catch (err) {
      // KurrentDB: no decision was appended; its rows written ahead never count, tidy them.
      const written = command.attempts.filter((a) => a !== null);
      await this.writer.abandoned(
        written.flatMap((a) => (a.eventId ? [a.eventId] : [])),
        written.flatMap((a) => (a.writes.secret?.put ? [a.writes.secret.put.id] : [])),
      );
      throw err;
    }
    // KurrentDB: the last decision is the one appended; the earlier ones' hashes never count.
    const appended = command.attempts.at(-1);
    const earlier = command.attempts.slice(0, -1).filter((a) => a !== null);
    const keep = appended?.writes.secret?.put?.id;
    await this.writer.abandoned(
      earlier.flatMap((a) => (a.eventId ? [a.eventId] : [])),
      earlier.flatMap((a) => (a.writes.secret?.put && a.writes.secret.put.id !== keep ? [a.writes.secret.put.id] : [])),
    );
    if (appended) await this.writer.afterAppend(appended.writes);
    return { events: result.newEvents, state: result.state, globalPositions: result.globalPositions };
  }

  /** The account's events as the store holds them (KurrentDB's password hash is the one of the newest event that set one). */
  events(accountId: string): Promise<RecordedEvent[]> {
    return this.store.readStream(accountStreamId(accountId));
  }
}
