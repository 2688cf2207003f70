import { CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { Unauthorized, runWithContext } from '@app/nest-kit';
import { AccountLookup } from '../accounts/account-lookup';
import type { Account } from '../read-models/account.entity';
import { SignedInUserHandler } from './signed-in-user.handler';
import { SignedInUserQuery } from './signed-in-user.query';

const jane = {
  id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  userName: 'jane',
  displayName: 'Jane Doe',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.test',
  emailLower: 'jane@example.test',
  mobile: '+12025550123',
  isAdmin: false,
  isProvider: true,
  isMasterAdmin: false,
  isAuditor: false,
} as Account;

/** An in-memory AccountLookup: only the accounts given. */
function lookupOf(...accounts: Account[]): Pick<AccountLookup, 'requireById'> {
  return {
    requireById: async (id: string) => {
      const found = accounts.find((a) => a.id === id);
      if (!found) throw new Unauthorized('Not signed in or session expired');
      return found;
    },
  };
}

describe('SignedInUserHandler (through the query bus)', () => {
  let moduleRef: TestingModule;
  let queryBus: QueryBus;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [CqrsModule.forRoot()],
      providers: [SignedInUserHandler, { provide: AccountLookup, useValue: lookupOf(jane) }],
    }).compile();
    await moduleRef.init();
    queryBus = moduleRef.get(QueryBus);
  });
  afterAll(() => moduleRef.close());

  it('answers the user of the session found in the request context', async () => {
    const user = await runWithContext({ correlationId: 'c-1', actor: { userId: jane.id, sessionId: 's-1' } }, () =>
      queryBus.execute(new SignedInUserQuery()),
    );
    expect(user).toMatchObject({ _id: jane.id, userName: 'jane', email: 'jane@example.test', loggedInAs: 'provider', notificationsCount: 0 });
  });

  it('refuses with 401 when the request context carries no session', async () => {
    await expect(runWithContext({ correlationId: 'c-2' }, () => queryBus.execute(new SignedInUserQuery()))).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(
      runWithContext({ correlationId: 'c-3', actor: { userId: jane.id } }, () => queryBus.execute(new SignedInUserQuery())),
    ).rejects.toBeInstanceOf(Unauthorized);
  });
});
