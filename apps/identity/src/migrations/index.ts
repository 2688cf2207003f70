import type { MigrationDef } from '@app/nest-kit';
import { Migration20261121000001Accounts } from './Migration20261121000001_accounts';
import { Migration20261121000002Sessions } from './Migration20261121000002_sessions';
import { Migration20261122000001Security } from './Migration20261122000001_security';
import { Migration20261201000001SecurityLogEventHash } from './Migration20261201000001_security_log_event_hash';
import { Migration20261202000001ThrottleLog } from './Migration20261202000001_throttle_log';
import { Migration20261205000001AccountsNotUnique } from './Migration20261205000001_accounts_not_unique';
import { Migration20261206000001AccountRequests } from './Migration20261206000001_account_requests';
import { Migration20261228000001Claims } from './Migration20261228000001_claims';
import { Migration20261229000001CredentialHashes } from './Migration20261229000001_credential_hashes';

export const identityMigrations: MigrationDef[] = [
  { name: 'Migration20261121000001_accounts', class: Migration20261121000001Accounts },
  { name: 'Migration20261121000002_sessions', class: Migration20261121000002Sessions },
  { name: 'Migration20261122000001_security', class: Migration20261122000001Security },
  { name: 'Migration20261201000001_security_log_event_hash', class: Migration20261201000001SecurityLogEventHash },
  { name: 'Migration20261202000001_throttle_log', class: Migration20261202000001ThrottleLog },
  { name: 'Migration20261205000001_accounts_not_unique', class: Migration20261205000001AccountsNotUnique },
  { name: 'Migration20261206000001_account_requests', class: Migration20261206000001AccountRequests },
  { name: 'Migration20261228000001_claims', class: Migration20261228000001Claims },
  { name: 'Migration20261229000001_credential_hashes', class: Migration20261229000001CredentialHashes },
];
