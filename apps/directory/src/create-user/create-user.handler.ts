import { createHash } from 'node:crypto';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { DomainError, NotFound } from '@app/nest-kit';
import { assertSameRequest } from '../domain/profile.aggregate';
import { EMPTY_ADDRESS, type ProfileDetails } from '../domain/profile.events';
import { IdentityClient } from '../infrastructure/identity.client';
import { ProfileAccess } from '../infrastructure/profile-access';
import { ProfileWriter, uuidFromName } from '../infrastructure/profile.writer';
import { viewFromState } from '../read-models/profiles.queries';
import { SuggestUserNameQuery } from '../suggest-user-name/suggest-user-name.query';
import { CreateUserCommand } from './create-user.command';

/** JSON with its object keys sorted: the same payload gives the same text whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** A hash of what a create-user request asks for (everything but its key). */
function requestFingerprint(p: directory.CreateUserPayload): string {
  const { requestKey: _key, ...asked } = p;
  return createHash('sha256').update(canonicalJson(asked)).digest('base64url');
}

/**
 * One request, three steps, safe to retry: (1) the details are drafted on the profile stream
 * of an id derived from the request key (the client's Idempotency-Key or request id, else a
 * key of its own: without one, a request is never taken for a retry; the same key with
 * another payload is a 409), (2) identity
 * registers the account under that id (a retry finds it and answers it again; the new user is
 * emailed 'Set/Reset Password HERE'), (3) the profile is created from the draft. A failure after
 * (1) leaves only a draft no list shows; after (2), identity's AccountRegistered completes the
 * profile from the draft even if nobody retries; a retry completes whatever is left, and never
 * makes a second account.
 */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, directory.CreateUserReply> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly writer: ProfileWriter,
    private readonly identity: IdentityClient,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ input: p }: CreateUserCommand): Promise<directory.CreateUserReply> {
    const me = await this.access.requireAdmin();
    const profileId = uuidFromName(p.requestKey, 'directory-create-user');
    const fingerprint = requestFingerprint(p);
    // A retry of a request that completed: the aggregate says so (the read model may still lag).
    // The same key with another payload is another request: 409.
    const state = await this.writer.load(profileId);
    assertSameRequest(state, fingerprint);
    const existing = viewFromState(state);
    if (existing) return { success: true, user: existing, created: false };
    const details: ProfileDetails = { ...(p.details as ProfileDetails), mailingAddress: { ...EMPTY_ADDRESS, ...p.details.mailingAddress } };
    const roles = { isAdmin: p.isAdmin, isProvider: p.isProvider };
    const now = new Date();
    await this.writer.execute(profileId, { type: 'DraftProfile', data: { profileId, requestKey: p.requestKey, fingerprint, details, roles, now, by: me.id } });

    let userName = p.userName;
    if (p.suggestUserName) {
      const suggestion = new SuggestUserNameQuery({ firstName: details.firstName ?? '', lastName: details.lastName ?? p.email.split('@')[0] });
      userName = (await this.queryBus.execute(suggestion)).userName;
    }
    const account = await this.registerAccount(profileId, {
      accountId: profileId,
      userName,
      email: p.email,
      mobile: p.mobile,
      displayName: (details.displayName ?? userName).slice(0, 40).padEnd(2, '.'),
      ...(details.firstName ? { firstName: details.firstName } : {}),
      ...(details.lastName ? { lastName: details.lastName } : {}),
      roles: { isAdmin: p.isAdmin, isProvider: p.isProvider, isAuditor: false },
      invite: p.invite ?? true,
    });

    const result = await this.writer.execute(profileId, {
      type: 'CreateProfile',
      data: {
        profileId,
        account: { userName: account.userName, email: p.email, mobile: p.mobile },
        roles: { ...roles, isMasterAdmin: false },
        names: { firstName: details.firstName, lastName: details.lastName, displayName: details.displayName },
        now: new Date(),
        by: me.id,
      },
    });
    await this.writer.projected(result);
    const user = viewFromState(result.state);
    if (!user) throw new NotFound('User not found');
    return { success: true, user, created: true };
  }

  /**
   * Step 2 of create user. When identity refuses (the email or user name is taken, a rule
   * broken), the request is over: the draft's NPI claim is freed for the next one.
   */
  private async registerAccount(profileId: string, req: Parameters<IdentityClient['registerAccount']>[0]) {
    try {
      return await this.identity.registerAccount(req);
    } catch (err) {
      if (err instanceof DomainError && err.kind !== 'unavailable') await this.writer.releaseDraftNpi(profileId);
      throw err;
    }
  }
}
