import { Migration } from '@mikro-orm/migrations';

/** Facilities: the read model with its grid indexes, and the write side's NPI claims. */
export class Migration20261220000001Facilities extends Migration {
  override name = 'Migration20261220000001_facilities';
  override async up(): Promise<void> {
    for (const sql of SQL) this.addSql(sql);
  }
}

/** Frozen: the statements as they were when this migration shipped (never built from live definitions). */
const SQL: readonly string[] = [
  `SELECT pg_advisory_xact_lock(hashtext('@app/grid setup'))`,
  `CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public`,
  `CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`,
  `DO $grid$ BEGIN
    CREATE OR REPLACE FUNCTION public.f_unaccent_dict(regdictionary, text) RETURNS text
      LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT AS '$libdir/unaccent', 'unaccent_dict';
  EXCEPTION WHEN insufficient_privilege THEN
    CREATE OR REPLACE FUNCTION public.f_unaccent_dict(regdictionary, text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$ SELECT public.unaccent($1, $2) $f$;
  END $grid$`,
  `CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $grid$ SELECT public.f_unaccent_dict('public.unaccent'::regdictionary, $1) $grid$`,
  `CREATE TABLE IF NOT EXISTS facilities (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL,
  npi text NOT NULL,
  entity_type_code text NOT NULL,
  first_name text,
  middle_name text,
  last_name text,
  organization_name text,
  name text,
  street text NOT NULL,
  suite text,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  zip_digits text,
  email text,
  mobile text,
  mobile_display text,
  phone text,
  phone_display text,
  fax text,
  fax_display text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
)`,
  `CREATE INDEX IF NOT EXISTS "facilities_npi_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("npi"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_npi_prefix" ON "facilities" ((lower(public.f_unaccent("npi"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_npi_sort" ON "facilities" ((lower(public.f_unaccent("npi")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_entitytypecode_prefix" ON "facilities" ((lower(public.f_unaccent("entity_type_code"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_entitytypecode_sort" ON "facilities" ((lower(public.f_unaccent("entity_type_code")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_name_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("name"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_name_prefix" ON "facilities" ((lower(public.f_unaccent("name"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_name_sort" ON "facilities" ((lower(public.f_unaccent("name")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonlastname_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("last_name"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonlastname_prefix" ON "facilities" ((lower(public.f_unaccent("last_name"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonlastname_sort" ON "facilities" ((lower(public.f_unaccent("last_name")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonmiddlename_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("middle_name"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonmiddlename_prefix" ON "facilities" ((lower(public.f_unaccent("middle_name"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonmiddlename_sort" ON "facilities" ((lower(public.f_unaccent("middle_name")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonfirstname_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("first_name"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonfirstname_prefix" ON "facilities" ((lower(public.f_unaccent("first_name"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_contactpersonfirstname_sort" ON "facilities" ((lower(public.f_unaccent("first_name")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_organizationname_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("organization_name"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_organizationname_prefix" ON "facilities" ((lower(public.f_unaccent("organization_name"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_organizationname_sort" ON "facilities" ((lower(public.f_unaccent("organization_name")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_primarypracticeaddress_city" ON "facilities" ((lower(public.f_unaccent("city"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_primarypracticeaddress_state" ON "facilities" ((upper("state")))`,
  `CREATE INDEX IF NOT EXISTS "facilities_primarypracticeaddress_zip" ON "facilities" ("zip_digits" text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_primarypracticeaddress_sort" ON "facilities" ((lower(public.f_unaccent("city")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_mobile_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("mobile_display"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_mobile_prefix" ON "facilities" ((lower(public.f_unaccent("mobile_display"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_mobile_sort" ON "facilities" ((lower(public.f_unaccent("mobile_display")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_phone_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("phone_display"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_phone_prefix" ON "facilities" ((lower(public.f_unaccent("phone_display"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_phone_sort" ON "facilities" ((lower(public.f_unaccent("phone_display")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_fax_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("fax_display"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_fax_prefix" ON "facilities" ((lower(public.f_unaccent("fax_display"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_fax_sort" ON "facilities" ((lower(public.f_unaccent("fax_display")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_email_trgm" ON "facilities" USING gin ((lower(public.f_unaccent("email"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_email_prefix" ON "facilities" ((lower(public.f_unaccent("email"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "facilities_email_sort" ON "facilities" ((lower(public.f_unaccent("email")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_createdat_sort" ON "facilities" ("created_at", "id")`,
  `CREATE INDEX IF NOT EXISTS "facilities_updatedat_sort" ON "facilities" ("updated_at", "id")`,
  `CREATE INDEX IF NOT EXISTS facilities_owner ON facilities (owner_id, id)`,
  `CREATE TABLE IF NOT EXISTS facility_npi_claims (
  owner_id uuid NOT NULL,
  npi text NOT NULL,
  facility_id uuid NOT NULL,
  PRIMARY KEY (owner_id, npi)
)`,
];
