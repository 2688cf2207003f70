import { Migration } from '@mikro-orm/migrations';

/**
 * The FHIR directory's read model, frozen SQL. Search columns are normalised in
 * JavaScript (apps/directory/src/fhir/fhir-text.ts): `*_words` hold ' word word' (a leading
 * space, so '% smi%' is "a word starting with smi"), in the C collation.
 */
export class Migration20261226000023Fhir extends Migration {
  override name = 'Migration20261226000023_fhir';
  override async up(): Promise<void> {
    this.addSql(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    this.addSql(`CREATE TABLE IF NOT EXISTS fhir_practitioners (
      id uuid PRIMARY KEY,
      provider boolean NOT NULL,
      npi text COLLATE "C",
      first_name text, middle_name text, last_name text, display_name text,
      credentials text, specialty text, organization text,
      phone text, fax text, website text,
      street1 text, street2 text, suite text, city text, state text, zip text,
      licences jsonb NOT NULL DEFAULT '[]',
      specialty_code text COLLATE "C",
      name_words text COLLATE "C" NOT NULL DEFAULT '',
      family_norm text COLLATE "C",
      given_words text COLLATE "C" NOT NULL DEFAULT '',
      address_words text COLLATE "C" NOT NULL DEFAULT '',
      city_norm text COLLATE "C", state_norm text COLLATE "C", zip_norm text COLLATE "C",
      last_updated timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_practitioners_npi ON fhir_practitioners (npi, id) WHERE provider`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_practitioners_family ON fhir_practitioners (family_norm, id) WHERE provider`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_practitioners_name_trgm ON fhir_practitioners USING gin (name_words public.gin_trgm_ops) WHERE provider`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_practitioners_scan ON fhir_practitioners (id) INCLUDE (name_words, last_updated) WHERE provider`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_practitioners_state ON fhir_practitioners (state_norm, id) WHERE provider`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_practitioners_updated ON fhir_practitioners (last_updated, id) WHERE provider`);

    this.addSql(`CREATE TABLE IF NOT EXISTS fhir_organizations (
      id uuid PRIMARY KEY,
      seq bigint NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      npi text COLLATE "C",
      name text NOT NULL, alias text,
      phone text, fax text, website text,
      street1 text, suite text, city text, state text, zip text,
      name_words text COLLATE "C" NOT NULL DEFAULT '',
      address_words text COLLATE "C" NOT NULL DEFAULT '',
      city_norm text COLLATE "C", state_norm text COLLATE "C", zip_norm text COLLATE "C",
      last_updated timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_organizations_npi ON fhir_organizations (npi) WHERE NOT deleted`);

    this.addSql(`CREATE TABLE IF NOT EXISTS fhir_locations (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      published boolean NOT NULL,
      npi text COLLATE "C",
      name text NOT NULL,
      organization_id uuid,
      phone text, fax text,
      street1 text, street2 text, suite text, city text, state text, zip text,
      name_words text COLLATE "C" NOT NULL DEFAULT '',
      address_words text COLLATE "C" NOT NULL DEFAULT '',
      city_norm text COLLATE "C", state_norm text COLLATE "C", zip_norm text COLLATE "C",
      source jsonb,
      last_updated timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_locations_org ON fhir_locations (organization_id, id) WHERE published`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_locations_state ON fhir_locations (state_norm, id) WHERE published`);

    this.addSql(`CREATE TABLE IF NOT EXISTS fhir_roles (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      published boolean NOT NULL,
      practitioner_id uuid NOT NULL,
      organization_id uuid,
      location_id uuid,
      specialty text, specialty_code text COLLATE "C",
      phone text, fax text,
      address_words text COLLATE "C" NOT NULL DEFAULT '',
      city_norm text COLLATE "C", state_norm text COLLATE "C", zip_norm text COLLATE "C",
      last_updated timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_roles_practitioner ON fhir_roles (practitioner_id, id)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_roles_organization ON fhir_roles (organization_id, id)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_roles_location ON fhir_roles (location_id, id)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_roles_specialty_state ON fhir_roles (specialty_code, state_norm, id) WHERE published`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_roles_state ON fhir_roles (state_norm, id) WHERE published`);

    this.addSql(`CREATE TABLE IF NOT EXISTS fhir_endpoints (
      id text COLLATE "C" PRIMARY KEY,
      holder_id uuid NOT NULL,
      organization_id uuid,
      npi text COLLATE "C" NOT NULL,
      ordinal int NOT NULL,
      data jsonb NOT NULL,
      name_words text COLLATE "C" NOT NULL DEFAULT '',
      last_updated timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_endpoints_holder ON fhir_endpoints (holder_id, id)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS fhir_endpoints_org ON fhir_endpoints (organization_id, id)`);
  }
}
