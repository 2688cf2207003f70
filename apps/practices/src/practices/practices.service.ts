import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { practices, type GridQuery } from '@app/contracts';
import { Forbidden, NotFound, Unauthorized, ValidationFailed, currentContext } from '@app/nest-kit';
import type { PracticeActor } from '../domain/practice.aggregate';
import type { PracticeDetails, PracticeUserInput } from '../domain/practice.events';
import { PracticeWriter, claimValue } from './practice.writer';
import { PracticesQueries, profileView, type PracticeRow } from './practices.queries';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The first of base, base2, base3... not in `taken` (at most 20 characters). */
export function firstFreeUserName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; n < 100_000; n++) {
    const candidate = `${base.slice(0, 20 - String(n).length)}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
  return `${base.slice(0, 12)}${Date.now().toString(36).slice(-8)}`;
}

type Actor = PracticeActor & { isAdmin: boolean };

/**
 * The practice use cases behind practices.cmd/qry. Who the caller is comes from the signed
 * actor; whether they are the master admin (or an admin) from the directory's roles as its
 * events reported them (practice_people), else the session's roles. The aggregate decides the
 * rest (who edits, the last owner, unique values).
 */
@Injectable()
export class PracticesService {
  constructor(
    private readonly writer: PracticeWriter,
    private readonly queries: PracticesQueries,
  ) {}

  async actor(): Promise<Actor> {
    const actor = currentContext()?.actor;
    if (!actor?.userId) throw new Unauthorized('Not signed in or session expired');
    let person = await this.queries.person(actor.userId);
    for (let i = 0; !person && i < 5; i++) {
      await sleep(200);
      person = await this.queries.person(actor.userId);
    }
    const roles = actor.roles ?? [];
    return {
      userId: actor.userId,
      isMasterAdmin: person ? person.is_master_admin : roles.includes('masterAdmin'),
      isAdmin: person ? person.is_admin || person.is_master_admin : roles.includes('admin') || roles.includes('masterAdmin'),
    };
  }

  /** The owners as the aggregate takes them; each must be a user of the directory (400 otherwise). */
  private async users(owners: practices.OwnerInput[]): Promise<PracticeUserInput[]> {
    const out: PracticeUserInput[] = [];
    for (const o of owners) {
      let person = await this.queries.person(o.id);
      for (let i = 0; !person && i < 5; i++) {
        await sleep(200);
        person = await this.queries.person(o.id);
      }
      if (!person) throw new ValidationFailed('practiceOwners', `practiceOwners: user ${o.id} not found`);
      const fullName = [person.first_name, person.last_name].filter(Boolean).join(' ') || person.display_name || o.fullName || person.user_name;
      out.push({ userId: o.id, accessType: o.accessType, fullName: fullName ?? null, npi: person.npi ?? o.npi, avatarImageUrl: person.avatar_url ?? o.avatarImageUrl });
    }
    return out;
  }

  private async holder(kind: 'npi' | 'userName' | 'email', value: string | undefined, self?: string): Promise<boolean> {
    if (value === undefined) return false;
    const holder = await this.queries.claimHolder(kind, claimValue(kind, value));
    return !!holder && holder !== self;
  }

  private async profileOf(practiceId: string): Promise<practices.PracticeProfile> {
    const row = await this.queries.byId(practiceId);
    if (!row) throw new NotFound('Practice not found');
    return this.profile(row);
  }

  private async profile(row: PracticeRow): Promise<practices.PracticeProfile> {
    const users = await this.queries.usersOf([row.id]);
    return profileView(row, users.get(row.id) ?? []);
  }

  // --- commands ---------------------------------------------------------------------------------

  async create(p: practices.CreatePracticePayload): Promise<practices.PracticeReply> {
    const actor = await this.actor();
    if (!actor.isMasterAdmin) throw new Forbidden('Only the master admin may create practices');
    const practiceId = randomUUID();
    const details: PracticeDetails = { ...p.details };
    const taken = {
      npi: await this.holder('npi', details.npi),
      userName: await this.holder('userName', details.userName),
      email: await this.holder('email', details.email),
    };
    const users = await this.users(p.owners);
    const result = await this.writer.execute(
      practiceId,
      { type: 'CreatePractice', data: { practiceId, details, users, taken, actor, now: new Date() } },
      { claim: { npi: details.npi, userName: details.userName, email: details.email } },
    );
    await this.writer.projected(result);
    return { success: true, practice: await this.profileOf(practiceId) };
  }

  async update(p: practices.UpdatePracticePayload): Promise<practices.PracticeReply> {
    const actor = await this.actor();
    const row = await this.queries.byId(p.practiceId);
    if (!row) throw new NotFound('Practice not found');
    const userName = p.changes.userName;
    const taken = { userName: await this.holder('userName', userName, p.practiceId) };
    const users = await this.users(p.owners);
    const result = await this.writer.execute(
      p.practiceId,
      { type: 'EditPractice', data: { changes: p.changes, taken, users, removed: p.deletedOwners, actor, now: new Date() } },
      { claim: userName ? { userName } : undefined },
    );
    await this.writer.projected(result);
    return { success: true, practice: await this.profileOf(p.practiceId) };
  }

  /** 403/404 when the caller may not change this practice's images (the gateway asks before storing an upload). */
  async mayChangeImage(practiceId: string): Promise<{ success: true }> {
    const actor = await this.actor();
    await this.writer.check(practiceId, { type: 'ChangePracticeImage', data: { image: 'avatar', url: '/api/files/check', actor, now: new Date() } });
    return { success: true };
  }

  async changeImage(p: { practiceId: string; image: 'banner' | 'avatar'; url: string }): Promise<practices.PracticeReply> {
    const actor = await this.actor();
    const result = await this.writer.execute(p.practiceId, { type: 'ChangePracticeImage', data: { image: p.image, url: p.url, actor, now: new Date() } });
    await this.writer.projected(result);
    return { success: true, practice: await this.profileOf(p.practiceId) };
  }

  async delete(practiceId: string): Promise<{ success: true }> {
    const actor = await this.actor();
    if (!actor.isMasterAdmin) throw new Forbidden('Only the master admin may delete practices');
    const result = await this.writer.execute(practiceId, { type: 'DeletePractice', data: { actor, now: new Date() } }, { release: true });
    await this.writer.projected(result);
    return { success: true };
  }

  // --- queries ----------------------------------------------------------------------------------

  async list(query: GridQuery): Promise<practices.ListPracticesReply> {
    const actor = await this.actor();
    if (!actor.isAdmin) throw new Forbidden('Only administrators may list all practices');
    return this.queries.grid(query);
  }

  async getProfile(npi: string): Promise<{ success: true; practice: practices.PracticeProfile }> {
    await this.actor();
    const row = await this.queries.byNpi(npi);
    if (!row) throw new NotFound('Practice not found');
    return { success: true, practice: await this.profile(row) };
  }

  async providers(q: practices.PracticeProvidersQuery): Promise<{ providers: practices.PracticeProviderView[] }> {
    await this.actor();
    let practiceId = q.practiceId;
    if (!practiceId && q.npi) {
      const row = await this.queries.byNpi(q.npi);
      if (!row) throw new NotFound('Practice not found');
      practiceId = row.id;
    }
    if (practiceId) {
      if (!(await this.queries.byId(practiceId))) throw new NotFound('Practice not found');
      return { providers: await this.queries.providers({ practiceId }) };
    }
    return { providers: await this.queries.providers({ userIds: q.ownerIds }) };
  }

  async userPractices(q: practices.UserPracticesQuery): Promise<{ practices: practices.PracticeListItem[] }> {
    const actor = await this.actor();
    if (q.practiceIds.length && !q.providerId && !q.userId) return { practices: await this.queries.byIds(q.practiceIds) };
    return { practices: await this.queries.ofUser(q.providerId ?? q.userId ?? actor.userId) };
  }

  async byNpis(npis: string[]): Promise<{ practices: { npi: string; userName: string; _id: string }[] }> {
    await this.actor();
    return { practices: await this.queries.npisTaken(npis) };
  }

  async exists(field: 'userName' | 'email', value: string): Promise<{ isDuplicate: boolean }> {
    await this.actor();
    return { isDuplicate: await this.holder(field, value) };
  }

  /** The derived practice name's letters and digits, then 2, 3, ... until free among the practices. */
  async suggestUserName(organizationName: string): Promise<{ userName: string }> {
    await this.actor();
    const base = practices.practiceUserNameBase(organizationName);
    return { userName: firstFreeUserName(base, await this.queries.userNamesStartingWith(base)) };
  }
}
