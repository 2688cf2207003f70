import { Injectable } from '@nestjs/common';
import { AccountWriter } from '../credentials/account-writer';
import type { SignInFailed } from '../domain/account.events';

/** `identifierHash` is the keyed hash of the identifier typed (IdentifierHasher), never the identifier. */
export const signInFailuresStreamId = (accountId: string | null, identifierHash: string) =>
  accountId ? `signin-failures-${accountId}` : `signin-failures-unknown-${identifierHash}`;

/** Records a failed sign-in outside the account stream (see SignInFailed), with the request metadata. */
@Injectable()
export class SignInFailures {
  constructor(private readonly writer: AccountWriter) {}

  async record(data: SignInFailed['data']): Promise<void> {
    const event: SignInFailed = { type: 'SignInFailed', data };
    await this.writer.write({ streamId: signInFailuresStreamId(data.accountId, data.identifierHash), expectedVersion: 'any', events: [event] });
  }
}
