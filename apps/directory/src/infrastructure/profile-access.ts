import { Injectable } from '@nestjs/common';
import type { directory } from '@app/contracts';
import { Forbidden, NotFound, Unauthorized, currentContext } from '@app/nest-kit';
import { PracticeMemberships } from '../read-models/practice-memberships.queries';
import { ProfilesQueries, type ProfileRow } from '../read-models/profiles.queries';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Who the caller is and what they may see or write, from the directory's own copy of the roles:
 * admins list and create users; a user edits their own profile, the master admin anyone's.
 */
@Injectable()
export class ProfileAccess {
  constructor(
    private readonly queries: ProfilesQueries,
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
  async writableTarget(target: { userId?: string; usernameOrEmail?: string | null }): Promise<{ me: ProfileRow; row: ProfileRow }> {
    const me = await this.actor();
    let row: ProfileRow | undefined = me;
    if (target.userId && target.userId !== me.id) row = await this.queries.byId(target.userId);
    else if (target.usernameOrEmail && ![me.user_name.toLowerCase(), me.email.toLowerCase()].includes(target.usernameOrEmail.trim().toLowerCase()))
      row = await this.queries.byUserNameOrEmail(target.usernameOrEmail);
    if (row?.id !== me.id && !me.is_master_admin) throw new Forbidden('You can only edit your own profile');
    if (!row) throw new NotFound('User not found');
    return { me, row };
  }

  /**
   * The account email and mobile (sign-in identifiers; the mobile receives sign-in codes) are
   * shown to the person themself, the master admin, and the Practice Owners and Managers of a
   * practice the person belongs to; everyone else gets them empty.
   */
  async withContactOnNeedToKnow(me: ProfileRow, people: directory.ProfileView[]): Promise<directory.ProfileView[]> {
    if (me.is_master_admin) return people;
    const others = people.filter((p) => p._id !== me.id).map((p) => p._id);
    const managed = await this.memberships.managedBy(me.id, others);
    return people.map((p) => (p._id === me.id || managed.has(p._id) ? p : { ...p, email: '', mobile: null }));
  }
}
