import { Injectable, Logger } from '@nestjs/common';
import { directory } from '@app/contracts';
import { DomainError, Forbidden, NotFound, Unauthorized, currentContext } from '@app/nest-kit';
import { createHash } from 'node:crypto';
import { assertSameRequest } from '../domain/profile.aggregate';
import { EMPTY_ADDRESS, type ProfileChanges, type ProfileDetails } from '../domain/profile.events';
import { PracticeMemberships } from '../practice-memberships/practice-memberships.queries';
import { IdentityClient } from './identity.client';
import { ProfileWriter, uuidFromName } from './profile.writer';
import { ProfilesQueries, firstFreeUserName, toView, userNameBase, viewFromState, type ProfileRow } from './profiles.queries';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
 * The profile use cases behind directory.cmd/qry: authorization from the directory's own copy
 * of the roles (admins list and create users; a user edits their own profile, the master admin
 * anyone's), then the aggregate through the writer, identity for what identity owns.
 */
@Injectable()
export class ProfilesService {
  private readonly logger = new Logger('Profiles');
  constructor(
    private readonly writer: ProfileWriter,
    private readonly queries: ProfilesQueries,
    private readonly identity: IdentityClient,
    private readonly memberships: PracticeMemberships,
  ) {}

  /** The caller's profile row (its roles). Waits briefly for a just-registered account's profile. */
  async actor(): Promise<ProfileRow> {
    const userId = currentContext()?.actor?.userId;
    if (!userId) throw new Unauthorized('Not signed in or session expired');
    for (let i = 0; i < 10; i++) {
      const row = await this.queries.byId(userId);
      if (row) return row;
      await sleep(200);
    }
    throw new Forbidden('Your profile is not available yet; please try again');
  }

  async requireAdmin(): Promise<ProfileRow> {
    const me = await this.actor();
    if (!me.is_admin && !me.is_master_admin) throw new Forbidden('Only administrators may do this');
    return me;
  }

  /** Whose profile a write is for; a user writes their own, the master admin anyone's, everyone else: 403. */
  private async writableTarget(target: { userId?: string; usernameOrEmail?: string | null }): Promise<{ me: ProfileRow; row: ProfileRow }> {
    const me = await this.actor();
    let row: ProfileRow | undefined = me;
    if (target.userId && target.userId !== me.id) row = await this.queries.byId(target.userId);
    else if (target.usernameOrEmail && ![me.user_name.toLowerCase(), me.email.toLowerCase()].includes(target.usernameOrEmail.trim().toLowerCase()))
      row = await this.queries.byUserNameOrEmail(target.usernameOrEmail);
    if (row?.id !== me.id && !me.is_master_admin) throw new Forbidden('You can only edit your own profile');
    if (!row) throw new NotFound('User not found');
    return { me, row };
  }

  // --- create user ---------------------------------------------------------------------------

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
  async createUser(p: directory.CreateUserPayload): Promise<directory.CreateUserReply> {
    const me = await this.requireAdmin();
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
    if (p.suggestUserName) userName = await this.suggestUserName(details.firstName ?? '', details.lastName ?? p.email.split('@')[0]);
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

  // --- edit -------------------------------------------------------------------------------------

  async updateProfile(p: directory.UpdateProfilePayload): Promise<{ success: true; usr: directory.ProfileView }> {
    const { me, row } = await this.writableTarget(p.target);
    if (p.userName !== undefined && p.userName !== row.user_name) {
      // Identity owns user names: unique there first ('User Name Taken' on userName), then recorded here.
      const changed = await this.identity.changeUserName({ accountId: row.id, userName: p.userName });
      await this.writer.execute(row.id, { type: 'SyncAccount', data: { account: { userName: changed.userName }, now: new Date() } });
    }
    const changes = { ...p.changes } as ProfileChanges;
    if (p.changes.mailingAddress) changes.mailingAddress = { ...EMPTY_ADDRESS, streetAddress2: row.street2, ...(p.changes.mailingAddress as Partial<typeof EMPTY_ADDRESS>) };
    const result = await this.writer.execute(row.id, { type: 'UpdateProfile', data: { changes, now: new Date(), by: me.id } });
    await this.writer.projected(result);
    return { success: true, usr: viewFromState(result.state) ?? toView(row) };
  }

  /** 403/404 when the caller may not change that profile's images (the gateway asks before storing an upload). */
  async mayChangeImage(target: directory.ChangeImagePayload['target']): Promise<{ success: true }> {
    await this.writableTarget(target);
    return { success: true };
  }

  async changeImage(p: directory.ChangeImagePayload): Promise<{ success: true; usr: directory.ProfileView }> {
    const { me, row } = await this.writableTarget(p.target);
    const result = await this.writer.execute(row.id, { type: 'ChangeImage', data: { image: p.image, url: p.url, now: new Date(), by: me.id } });
    await this.writer.projected(result);
    return { success: true, usr: viewFromState(result.state) ?? toView(row) };
  }

  async deleteUser(userId: string): Promise<{ success: true }> {
    const me = await this.requireAdmin();
    if (userId === me.id) throw new Forbidden('You cannot delete your own profile');
    // The aggregate, not the read model: a profile created a moment ago may not be projected yet.
    const state = await this.writer.load(userId);
    if (state.status !== 'active') throw new NotFound('User not found');
    if (state.roles.isMasterAdmin) throw new Forbidden('The master admin cannot be deleted');
    const result = await this.writer.execute(userId, { type: 'DeleteProfile', data: { now: new Date(), by: me.id } });
    await this.writer.projected(result);
    return { success: true };
  }

  // --- reads ------------------------------------------------------------------------------------

  async getUsers(query: Parameters<ProfilesQueries['grid']>[0]) {
    const me = await this.requireAdmin();
    // A filter or a sort on the mobile would let an administrator probe a stranger's number
    // through which rows come back: only the master admin, who sees every number, may use one.
    if (!me.is_master_admin && (query.filters?.mobile || query.sorting?.mobile)) {
      throw new Forbidden('Only the master admin may filter or sort users by mobile', 'contact_data');
    }
    const grid = await this.queries.grid(query);
    return { ...grid, users: await this.withContactOnNeedToKnow(me, grid.users) };
  }

  async getProfile(userId: string): Promise<{ user: directory.ProfileView }> {
    const me = await this.actor();
    const row = await this.queries.byId(userId);
    if (!row) throw new NotFound('User not found');
    const [user] = await this.withContactOnNeedToKnow(me, [toView(row)]);
    return { user };
  }

  /**
   * The account email and mobile (sign-in identifiers; the mobile receives sign-in codes) are
   * shown to the person themself, the master admin, and the Practice Owners and Managers of a
   * practice the person belongs to; everyone else gets them empty.
   */
  private async withContactOnNeedToKnow(me: ProfileRow, people: directory.ProfileView[]): Promise<directory.ProfileView[]> {
    if (me.is_master_admin) return people;
    const others = people.filter((p) => p._id !== me.id).map((p) => p._id);
    const managed = await this.memberships.managedBy(me.id, others);
    return people.map((p) => (p._id === me.id || managed.has(p._id) ? p : { ...p, email: '', mobile: null }));
  }

  /** First letter of the first name + last name, unique among the profiles (and identity's accounts). */
  async suggestUserName(firstName: string, lastName: string): Promise<string> {
    const base = userNameBase(firstName, lastName);
    const taken = await this.queries.userNamesStartingWith(base);
    for (let i = 0; i < 5; i++) {
      const candidate = firstFreeUserName(base, taken);
      const { isDuplicate } = await this.identity.exists('userName', candidate).catch(() => ({ isDuplicate: false }));
      if (!isDuplicate) return candidate;
      taken.add(candidate);
    }
    return firstFreeUserName(base, taken);
  }

  async userAvatar(userName: string): Promise<{ avatar: string | null }> {
    const row = await this.queries.byUserName(userName);
    if (!row) throw new NotFound('User not found');
    return { avatar: row.avatar_url };
  }

  async searchUsers(term: string) {
    await this.actor();
    return { users: await this.queries.search(term) };
  }

  async searchUsersByNpi(npis: string[]) {
    await this.actor();
    return { users: await this.queries.byNpis(npis) };
  }
}
