import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { CommitteeAccess } from '../infrastructure/committee-access';
import { GetCommitteeRolesQuery } from './get-committee-roles.query';

/**
 * Who is on the committee (roles learned from identity's events): the list for the master admin
 * and the committee; anyone signed in reads their own roles (`me`) with an empty list.
 */
@QueryHandler(GetCommitteeRolesQuery)
export class GetCommitteeRolesHandler implements IQueryHandler<GetCommitteeRolesQuery, credentialing.CommitteeRolesReply> {
  constructor(private readonly access: CommitteeAccess) {}

  async execute(): Promise<credentialing.CommitteeRolesReply> {
    const a = await this.access.actor();
    const me = { committeeMember: a.committeeMember, medicalDirector: a.medicalDirector, masterAdmin: a.masterAdmin };
    const sees = a.committeeMember || a.medicalDirector || a.masterAdmin;
    return { success: true, members: sees ? await this.access.members() : [], me };
  }
}
