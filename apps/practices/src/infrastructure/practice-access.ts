import { Injectable } from '@nestjs/common';
import type { practices } from '@app/contracts';
import { Unauthorized, ValidationFailed, currentContext } from '@app/nest-kit';
import type { PracticeActor } from '../domain/practice.aggregate';
import type { PracticeUserInput } from '../domain/practice.events';
import { PracticesQueries } from '../read-models/practices.queries';
import { claimValue } from './practice.writer';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Actor = PracticeActor & { isAdmin: boolean };

/**
 * What the practice use cases ask before they act. Who the caller is comes from the signed
 * actor; whether they are the master admin (or an admin) from the directory's roles as its
 * events reported them (practice_people), else the session's roles. The aggregate decides the
 * rest (who edits, the last owner, unique values).
 */
@Injectable()
export class PracticeAccess {
  constructor(private readonly queries: PracticesQueries) {}

  async actor(): Promise<Actor> {
    const actor = currentContext()?.actor;
    if (!actor?.userId) throw new Unauthorized('Not signed in or session expired');
    const person = await this.person(actor.userId);
    const roles = actor.roles ?? [];
    return {
      userId: actor.userId,
      isMasterAdmin: person ? person.is_master_admin : roles.includes('masterAdmin'),
      isAdmin: person ? person.is_admin || person.is_master_admin : roles.includes('admin') || roles.includes('masterAdmin'),
    };
  }

  /** The owners as the aggregate takes them; each must be a user of the directory (400 otherwise). */
  async users(owners: practices.OwnerInput[]): Promise<PracticeUserInput[]> {
    const out: PracticeUserInput[] = [];
    for (const o of owners) {
      const person = await this.person(o.id);
      if (!person) throw new ValidationFailed('practiceOwners', `practiceOwners: user ${o.id} not found`);
      const fullName = [person.first_name, person.last_name].filter(Boolean).join(' ') || person.display_name || o.fullName || person.user_name;
      out.push({ userId: o.id, accessType: o.accessType, fullName: fullName ?? null, npi: person.npi ?? o.npi, avatarImageUrl: person.avatar_url ?? o.avatarImageUrl });
    }
    return out;
  }

  /** Whether another practice than `self` holds this unique value. */
  async taken(kind: 'npi' | 'userName' | 'email', value: string | undefined, self?: string): Promise<boolean> {
    if (value === undefined) return false;
    const holder = await this.queries.claimHolder(kind, claimValue(kind, value));
    return !!holder && holder !== self;
  }

  /** The directory's person, waiting briefly for one its events have not brought yet. */
  private async person(id: string) {
    let person = await this.queries.person(id);
    for (let i = 0; !person && i < 5; i++) {
      await sleep(200);
      person = await this.queries.person(id);
    }
    return person;
  }
}
