import type { MigrationDef } from '@app/nest-kit';
import { Migration20261210000001Registry } from './Migration20261210000001_registry';
import { Migration20261211000001Profiles } from './Migration20261211000001_profiles';
import { Migration20261220000001Facilities } from './Migration20261220000001_facilities';
import { Migration20261223000001RegistryWords } from './Migration20261223000001_registry_words';
import { Migration20261223000002UsersGridScale } from './Migration20261223000002_users_grid_scale';
import { Migration20261225000001RegistryWordCounts } from './Migration20261225000001_registry_word_counts';
import { Migration20261226000001ProfileNpiClaims } from './Migration20261226000001_profile_npi_claims';
import { Migration20261226000002PracticeMemberships } from './Migration20261226000002_practice_memberships';
import { Migration20261226000023Fhir } from './Migration20261226000023_fhir';
import { Migration20261227000001RegistryDeactivations } from './Migration20261227000001_registry_deactivations';
import { Migration20261228000001Claims } from './Migration20261228000001_claims';

export const directoryMigrations: MigrationDef[] = [
  { name: 'Migration20261210000001_registry', class: Migration20261210000001Registry },
  { name: 'Migration20261211000001_profiles', class: Migration20261211000001Profiles },
  { name: 'Migration20261220000001_facilities', class: Migration20261220000001Facilities },
  { name: 'Migration20261223000001_registry_words', class: Migration20261223000001RegistryWords },
  { name: 'Migration20261223000002_users_grid_scale', class: Migration20261223000002UsersGridScale },
  { name: 'Migration20261225000001_registry_word_counts', class: Migration20261225000001RegistryWordCounts },
  { name: 'Migration20261226000001_profile_npi_claims', class: Migration20261226000001ProfileNpiClaims },
  { name: 'Migration20261226000002_practice_memberships', class: Migration20261226000002PracticeMemberships },
  { name: 'Migration20261226000023_fhir', class: Migration20261226000023Fhir },
  { name: 'Migration20261227000001_registry_deactivations', class: Migration20261227000001RegistryDeactivations },
  { name: 'Migration20261228000001_claims', class: Migration20261228000001Claims },
];
