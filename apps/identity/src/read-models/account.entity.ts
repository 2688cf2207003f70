import { defineEntity, p } from '@mikro-orm/postgresql';

/**
 * Read model of accounts, for look-ups by user name, email and mobile (case-insensitive).
 * Indexed, not unique: uniqueness is the accounts' claims (the store's `claims` table), written with the events (a read model
 * must accept any order the event store hands out).
 */
export const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    id: p.uuid().primary(),
    userName: p.string().length(20),
    userNameLower: p.string().length(20).index(),
    email: p.string().length(320),
    emailLower: p.string().length(320).index(),
    mobile: p.string().length(20).nullable().index(),
    displayName: p.string().length(40),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    isAdmin: p.boolean().default(false),
    isProvider: p.boolean().default(false),
    isMasterAdmin: p.boolean().default(false),
    isAuditor: p.boolean().default(false),
    registeredAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export class Account extends AccountSchema.class {}
AccountSchema.setClass(Account);
