import { Migration } from '@mikro-orm/migrations';

/** The national provider registry mirror: providers, their search indexes, the import log. */
export class Migration20261210000001Registry extends Migration {
  override name = 'Migration20261210000001_registry';
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
  `CREATE OR REPLACE FUNCTION registry_norm(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$
     SELECT btrim(regexp_replace(regexp_replace(lower(public.f_unaccent($1)), '[^a-z0-9 ]+', '', 'g'), ' +', ' ', 'g'))
   $f$`,
  `CREATE OR REPLACE FUNCTION registry_org_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$
     SELECT btrim(regexp_replace(regexp_replace(
       ' ' || regexp_replace(regexp_replace(lower(public.f_unaccent($1)), '[.''’]+', '', 'g'), '[^a-z0-9]+', ' ', 'g') || ' ',
       ' (lp|llp|lllp|llc|pc|pllc|plc|corp|pbc|inc|ltd|pa|sc|co|corporation|incorporated|limited|company)(?= )', ' ', 'g'), ' +', ' ', 'g'))
   $f$`,
  `CREATE OR REPLACE FUNCTION registry_org_query(text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$
     SELECT to_tsquery('simple', coalesce(string_agg(w || ':*', ' & '), ''))
       FROM unnest(string_to_array(registry_org_key($1), ' ')) AS w WHERE w <> ''
   $f$`,
  `CREATE TABLE IF NOT EXISTS registry_providers (
    npi text COLLATE "C" NOT NULL,
    entity_type smallint,
    replacement_npi text,
    organization_name text,
    last_name text,
    first_name text,
    middle_name text,
    name_prefix text,
    name_suffix text,
    credential text,
    sex text,
    enumeration_date date,
    last_update date,
    deactivation_reason text,
    deactivation_date date,
    reactivation_date date,
    deactivated boolean NOT NULL DEFAULT false,
    mail_address_1 text, mail_address_2 text, mail_city text, mail_state text, mail_postal_code text,
    mail_country text, mail_phone text, mail_fax text,
    loc_address_1 text, loc_address_2 text, loc_city text, loc_state text, loc_postal_code text,
    loc_country text, loc_phone text, loc_fax text,
    primary_taxonomy_code text,
    primary_taxonomy_desc text,
    taxonomies jsonb NOT NULL DEFAULT '[]',
    sample boolean NOT NULL DEFAULT false,
    last_norm text COLLATE "C",
    first_norm text COLLATE "C",
    loc_city_norm text COLLATE "C",
    org_key text COLLATE "C"
  )`,
  `ALTER TABLE registry_providers ADD CONSTRAINT rp0_pkey PRIMARY KEY (npi)`,
  `CREATE INDEX rp0_person ON registry_providers (last_norm, first_norm, npi) WITH (deduplicate_items = off) WHERE last_norm IS NOT NULL`,
  `CREATE INDEX rp0_person_state ON registry_providers (loc_state, last_norm, first_norm, npi) WITH (deduplicate_items = off) WHERE last_norm IS NOT NULL`,
  `CREATE INDEX rp0_person_city ON registry_providers (loc_city_norm, last_norm, first_norm, npi) WITH (deduplicate_items = off) WHERE last_norm IS NOT NULL`,
  `CREATE INDEX rp0_org_key ON registry_providers (org_key, npi) WITH (deduplicate_items = off) WHERE org_key IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS registry_imports (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('full', 'incremental')),
  file_name text NOT NULL,
  file_date date,
  endpoints_file text,
  sample boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  rows_read bigint NOT NULL DEFAULT 0,
  rows_imported bigint NOT NULL DEFAULT 0,
  rows_rejected bigint NOT NULL DEFAULT 0,
  rejects jsonb NOT NULL DEFAULT '{}',
  endpoints_imported bigint NOT NULL DEFAULT 0,
  message text
)`,
];
