import type { MigrationDef } from '@app/nest-kit';
import { Migration20261226000001Credentialing } from './Migration20261226000001_credentialing';
import { Migration20261227000001Monitoring } from './Migration20261227000001_monitoring';
import { Migration20261228000001ScreeningWindow } from './Migration20261228000001_screening_window';
import { Migration20261229000001LeiePlainKeys } from './Migration20261229000001_leie_plain_keys';
import { Migration20261230000001ClearanceDocuments } from './Migration20261230000001_clearance_documents';
import { Migration20261230000003DecisionLetters } from './Migration20261230000003_decision_letters';
import { Migration20261230000004ApprovalInForce } from './Migration20261230000004_approval_in_force';
import { Migration20270101000001Committee } from './Migration20270101000001_committee';
import { Migration20270103000001SourceLists } from './Migration20270103000001_source_lists';
import { Migration20270103000002LicenceRosters } from './Migration20270103000002_licence_rosters';
import { Migration20270105000001FileStanding } from './Migration20270105000001_file_standing';
import { Migration20270106000001AttestationDue } from './Migration20270106000001_attestation_due';
import { Migration20270106000002Chasing } from './Migration20270106000002_chasing';

export const credentialingMigrations: MigrationDef[] = [
  { name: 'Migration20261226000001_credentialing', class: Migration20261226000001Credentialing },
  { name: 'Migration20261227000001_monitoring', class: Migration20261227000001Monitoring },
  { name: 'Migration20261228000001_screening_window', class: Migration20261228000001ScreeningWindow },
  { name: 'Migration20261229000001_leie_plain_keys', class: Migration20261229000001LeiePlainKeys },
  { name: 'Migration20261230000001_clearance_documents', class: Migration20261230000001ClearanceDocuments },
  { name: 'Migration20261230000003_decision_letters', class: Migration20261230000003DecisionLetters },
  { name: 'Migration20261230000004_approval_in_force', class: Migration20261230000004ApprovalInForce },
  { name: 'Migration20270101000001_committee', class: Migration20270101000001Committee },
  { name: 'Migration20270103000001_source_lists', class: Migration20270103000001SourceLists },
  { name: 'Migration20270103000002_licence_rosters', class: Migration20270103000002LicenceRosters },
  { name: 'Migration20270105000001_file_standing', class: Migration20270105000001FileStanding },
  { name: 'Migration20270106000001_attestation_due', class: Migration20270106000001AttestationDue },
  { name: 'Migration20270106000002_chasing', class: Migration20270106000002Chasing },
];
