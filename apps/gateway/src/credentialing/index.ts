import { CommitteeController } from './committee.controller';
import { CredentialingController } from './credentialing.controller';
import { MonitoringController } from './monitoring.controller';
import { NoticeController } from './notice.controller';
import { KeepCurrentController } from './keep-current.controller';
import { PacketController } from './packet/packet.controller';
import { FilesExportController } from './export/files-export.controller';
import { ReportsController } from './reports/reports.controller';
import { AuditController } from './reports/audit.controller';

/** The export first: its `files/export` is not a provider id of `files/:providerId`. */
export const credentialingControllers = [
  FilesExportController,
  CredentialingController,
  MonitoringController,
  NoticeController,
  CommitteeController,
  KeepCurrentController,
  PacketController,
  ReportsController,
  AuditController,
];
