import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** What the signed-in caller may do in monitoring: search the exclusion list (staff and the master admin). */
export class MonitoringAccessQuery extends Query<credentialing.MonitoringAccessReply> {}
