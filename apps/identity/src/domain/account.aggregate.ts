import type { AccountEvent, AccountRegistered, AccountRoles } from './account.events';
import { AccountAlreadyRegistered } from './account.errors';

/** State rebuilt from an account's events: only what decisions need. */
export type AccountState =
  | { status: 'none' }
  | { status: 'active'; accountId: string; userName: string; email: string; mobile?: string; roles: AccountRoles };

export const initialAccountState: AccountState = { status: 'none' };

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered':
      return {
        status: 'active',
        accountId: event.data.accountId,
        userName: event.data.userName,
        email: event.data.email,
        mobile: event.data.mobile,
        roles: event.data.roles,
      };
    default:
      return state;
  }
}

export type RegisterAccount = {
  type: 'RegisterAccount';
  data: Omit<AccountRegistered['data'], 'registeredAt'> & { now: Date };
};
export type AccountCommand = RegisterAccount;

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RegisterAccount': {
      if (state.status !== 'none') throw new AccountAlreadyRegistered();
      const { now, ...data } = command.data;
      return [{ type: 'AccountRegistered', data: { ...data, registeredAt: now.toISOString() } }];
    }
  }
}

export const accountStreamId = (accountId: string) => `account-${accountId}`;
