import { Injectable } from '@nestjs/common';
import { ConcurrencyConflictError, PostgresEventStore, handleCommand, loadAggregate } from '@app/event-store';
import { Conflict } from '@app/nest-kit';
import { accountStreamId, evolveAccount, initialAccountState, type AccountState } from '../domain/account.aggregate';
import type { AccountEvent } from '../domain/account.events';
import { AccountWriter, eventMetadata, type AccountSideWrites } from '../credentials/account-writer';

/** What a use case decided: the new events and the rows that change with them. */
export type AccountDecision = { events: AccountEvent[] } & AccountSideWrites;

export type AccountOutcome = { events: AccountEvent[]; state: AccountState; globalPositions: string[] };

/** The 409 a command answers when its account kept changing under it (nothing was written). */
export const ACCOUNT_BUSY_MESSAGE = 'The account was changed at the same time; please try again';

/**
 * Runs a use case on an account through the event store's command helper (`handleCommand`):
 * load, decide, append with the loaded version and the decision's side writes (reservations,
 * hashes, secrets) in one transaction; a concurrent append reloads and decides again, with
 * backoff, and when retries run out the caller gets a 409, never a 500.
 */
@Injectable()
export class AccountRepository {
  constructor(
    private readonly store: PostgresEventStore,
    private readonly writer: AccountWriter,
  ) {}

  async load(accountId: string): Promise<{ state: AccountState; version: number }> {
    return loadAggregate<AccountState, AccountEvent>(this.store, accountStreamId(accountId), evolveAccount, initialAccountState);
  }

  async execute(
    accountId: string,
    decide: (state: AccountState) => AccountDecision | Promise<AccountDecision>,
    retries = 10,
  ): Promise<AccountOutcome> {
    try {
      const result = await handleCommand<AccountState, AccountEvent>(
        this.store,
        accountStreamId(accountId),
        async (state) => {
          const { events, ...sideWrites } = await decide(state);
          const writes = Object.values(sideWrites).some((w) => w !== undefined);
          return { events, inTransaction: writes ? (client) => this.writer.sideWrites(client, sideWrites) : undefined };
        },
        evolveAccount,
        initialAccountState,
        { retries, metadata: eventMetadata() },
      );
      return { events: result.newEvents, state: result.newState, globalPositions: result.globalPositions };
    } catch (err) {
      if (err instanceof ConcurrencyConflictError) throw new Conflict(ACCOUNT_BUSY_MESSAGE);
      throw err;
    }
  }
}
