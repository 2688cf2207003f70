import { Injectable } from '@nestjs/common';
import { PostgresEventStore } from '@app/event-store';
import { AggregateWriter, EventPipeline } from '@app/nest-kit';
import { accountStreamId, evolveAccount, initialAccountState, type AccountState } from '../domain/account.aggregate';
import type { AccountEvent } from '../domain/account.events';
import { AccountWriter, eventMetadata, type AccountSideWrites } from '../credentials/account-writer';

/** What a use case decided: the new events and the rows that change with them. */
export type AccountDecision = { events: AccountEvent[] } & AccountSideWrites;

/** A use case's decision on the account's current state (run again on a concurrent append). */
export type AccountUseCase = (state: AccountState) => AccountDecision | Promise<AccountDecision>;

export type AccountOutcome = { events: AccountEvent[]; state: AccountState; globalPositions: string[] };

/** The 409 a command answers when its account kept changing under it (nothing was written). */
export const ACCOUNT_BUSY_MESSAGE = 'The account was changed at the same time; please try again';

/**
 * Runs a use case on an account on the kit's one aggregate writer: load, decide, append with
 * the loaded version and the decision's side writes (reservations, hashes, secrets) in one
 * transaction; a concurrent append reloads and decides again, with backoff, and when retries
 * run out the caller gets a 409, never a 500.
 */
@Injectable()
export class AccountRepository {
  private readonly accounts: AggregateWriter<AccountState, AccountEvent, AccountUseCase>;

  constructor(store: PostgresEventStore, pipeline: EventPipeline, writer: AccountWriter) {
    this.accounts = new AggregateWriter<AccountState, AccountEvent, AccountUseCase>(store, pipeline, {
      streamId: accountStreamId,
      decide: async (useCase, state) => {
        const { events, ...sideWrites } = await useCase(state);
        const writes = Object.values(sideWrites).some((w) => w !== undefined);
        return { events, ...(writes ? { inTransaction: (client) => writer.sideWrites(client, sideWrites) } : {}) };
      },
      evolve: evolveAccount,
      initialState: () => initialAccountState,
      projections: ['accounts'],
      conflict: ACCOUNT_BUSY_MESSAGE,
      metadata: () => eventMetadata(),
    });
  }

  load(accountId: string): Promise<{ state: AccountState; version: number }> {
    return this.accounts.loadVersioned(accountId);
  }

  async execute(accountId: string, decide: AccountUseCase, retries = 10): Promise<AccountOutcome> {
    const result = await this.accounts.execute(accountId, decide, { retries });
    return { events: result.newEvents, state: result.state, globalPositions: result.globalPositions };
  }
}
