import type { RecordedEvent } from '@app/event-store';
import { identity } from '@app/contracts';
import type { IntegrationMapper } from '@app/nest-kit';
import type { AccountRegistered } from './domain/account.events';

/** What identity publishes on `events.identity.*`: public facts only, never a secret. */
export const identityIntegrationEvents: IntegrationMapper = (e: RecordedEvent) => {
  switch (e.type) {
    case 'AccountRegistered': {
      const d = e.data as AccountRegistered['data'];
      const out: identity.AccountRegisteredV1 = {
        accountId: d.accountId,
        userName: d.userName,
        email: d.email,
        ...(d.mobile ? { mobile: d.mobile } : {}),
        displayName: d.displayName,
        ...(d.firstName ? { firstName: d.firstName } : {}),
        ...(d.lastName ? { lastName: d.lastName } : {}),
        roles: d.roles,
        registeredAt: d.registeredAt,
      };
      return { type: identity.ACCOUNT_REGISTERED_V1, data: out };
    }
    default:
      return null;
  }
};
