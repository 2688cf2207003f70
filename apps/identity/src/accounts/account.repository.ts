import { Injectable } from '@nestjs/common';
import { PostgresEventStore, WrongExpectedVersionError, loadAggregate } from '@app/event-store';
import { accountStreamId, evolveAccount, initialAccountState, type AccountState } from '../domain/account.aggregate';
import type { AccountEvent } from '../domain/account.events';
import { AccountWriter, type AccountWrite } from '../credentials/account-writer';

/** What a use case decided: the new events and the rows that change with them. */
export type AccountDecision = { events: AccountEvent[] } & Omit<AccountWrite, 'streamId' | 'expectedVersion' | 'events'>;

export type AccountOutcome = { events: AccountEvent[]; state: AccountState; globalPositions: string[] };

/**
 * Loads an account from its stream, lets the use case decide, and appends with the loaded
 * version as the expected version. A concurrent append makes it reload and decide again.
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
    retries = 3,
  ): Promise<AccountOutcome> {
    for (let attempt = 0; ; attempt++) {
      const { state, version } = await this.load(accountId);
      const decision = await decide(state);
      const { events, ...rest } = decision;
      const newState = events.reduce(evolveAccount, state);
      if (events.length === 0) return { events, state: newState, globalPositions: [] };
      try {
        const { globalPositions } = await this.writer.write({
          ...rest,
          streamId: accountStreamId(accountId),
          expectedVersion: version,
          events: events.map((e) => ({ type: e.type, data: e.data })),
        });
        return { events, state: newState, globalPositions };
      } catch (err) {
        if (!(err instanceof WrongExpectedVersionError) || attempt >= retries) throw err;
      }
    }
  }
}
