import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import type { AccountEvent } from '../domain/account.events';
import { Account } from './account.entity';
import { qualified } from './qualified';

@Injectable()
export class AccountsProjection implements Projection {
  readonly name = 'accounts';
  readonly eventTypes = ['AccountRegistered', 'EmailChanged', 'MobileChanged', 'UserNameChanged', 'AccountRolesChanged'];
  /** Rebuilt into a shadow copy and swapped in atomically (writes go through the EntityManager's schema). */
  readonly tables = ['accounts'];

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const e = { type: event.type, data: event.data } as AccountEvent;
    switch (e.type) {
      case 'AccountRegistered': {
        const d = e.data;
        await em.upsert(Account, {
          id: d.accountId,
          userName: d.userName,
          userNameLower: d.userName.toLowerCase(),
          email: d.email,
          emailLower: d.email.toLowerCase(),
          mobile: d.mobile ?? null,
          displayName: d.displayName,
          firstName: d.firstName ?? null,
          lastName: d.lastName ?? null,
          isAdmin: d.roles.isAdmin,
          isProvider: d.roles.isProvider,
          isMasterAdmin: d.roles.isMasterAdmin,
          isAuditor: d.roles.isAuditor,
          registeredAt: new Date(d.registeredAt),
          updatedAt: event.recordedAt,
        });
        return;
      }
      case 'EmailChanged':
        await em.nativeUpdate(Account, { id: e.data.accountId }, { email: e.data.email, emailLower: e.data.email.toLowerCase(), updatedAt: event.recordedAt });
        return;
      case 'MobileChanged':
        await em.nativeUpdate(Account, { id: e.data.accountId }, { mobile: e.data.mobile, updatedAt: event.recordedAt });
        return;
      case 'UserNameChanged':
        await em.nativeUpdate(Account, { id: e.data.accountId }, { userName: e.data.userName, userNameLower: e.data.userName.toLowerCase(), updatedAt: event.recordedAt });
        return;
      case 'AccountRolesChanged': {
        const r = e.data.roles;
        await em.nativeUpdate(
          Account,
          { id: e.data.accountId },
          { isAdmin: r.isAdmin, isProvider: r.isProvider, isMasterAdmin: r.isMasterAdmin, isAuditor: r.isAuditor, updatedAt: event.recordedAt },
        );
        return;
      }
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${qualified(em, 'accounts')}`);
  }
}
