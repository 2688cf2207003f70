import { defineGrid } from './definition';
import { GRID_SETUP_DDL, gridIndexDdl } from './indexes';

describe('gridIndexDdl', () => {
  const grid = defineGrid({
    table: 'practice_list',
    fields: {
      practiceName: { dataType: 'string', column: 'practice_name' },
      npi: { dataType: 'string', column: 'npi', disabledFilterTypes: ['contains', 'endsWith', 'advancedFilters'], sortable: false },
      phone: { dataType: 'string', column: 'phone', filterable: false },
      createdAt: { dataType: 'date', column: 'created_at' },
      address: { dataType: 'address', city: 'city', state: 'state', zip: 'zip' },
      note: { dataType: 'string', column: 'note', filterable: false, sortable: false },
    },
  });

  it('creates the trigram, prefix and sort indexes each field can use, and no others', () => {
    expect(gridIndexDdl(grid, { schema: 'practices' })).toEqual([
      'CREATE INDEX IF NOT EXISTS "practice_list_practicename_trgm" ON "practices"."practice_list" USING gin ((lower(public.f_unaccent("practice_name"))) public.gin_trgm_ops)',
      'CREATE INDEX IF NOT EXISTS "practice_list_practicename_prefix" ON "practices"."practice_list" ((lower(public.f_unaccent("practice_name"))) text_pattern_ops)',
      'CREATE INDEX IF NOT EXISTS "practice_list_practicename_sort" ON "practices"."practice_list" ((lower(public.f_unaccent("practice_name")) COLLATE "C"), "id")',
      'CREATE INDEX IF NOT EXISTS "practice_list_npi_prefix" ON "practices"."practice_list" ((lower(public.f_unaccent("npi"))) text_pattern_ops)',
      'CREATE INDEX IF NOT EXISTS "practice_list_phone_sort" ON "practices"."practice_list" ((lower(public.f_unaccent("phone")) COLLATE "C"), "id")',
      'CREATE INDEX IF NOT EXISTS "practice_list_createdat_sort" ON "practices"."practice_list" ("created_at", "id")',
      'CREATE INDEX IF NOT EXISTS "practice_list_address_city" ON "practices"."practice_list" ((lower(public.f_unaccent("city"))) text_pattern_ops)',
      'CREATE INDEX IF NOT EXISTS "practice_list_address_state" ON "practices"."practice_list" ((upper("state")))',
      'CREATE INDEX IF NOT EXISTS "practice_list_address_zip" ON "practices"."practice_list" ("zip" text_pattern_ops)',
      'CREATE INDEX IF NOT EXISTS "practice_list_address_sort" ON "practices"."practice_list" ((lower(public.f_unaccent("city")) COLLATE "C"), "id")',
    ]);
  });

  it('keeps index names within 63 characters, unique', () => {
    const long = defineGrid({
      table: 'a_very_long_read_model_table_name_for_providers',
      fields: {
        aVeryLongFieldNameNumberOne: { dataType: 'number', column: 'one' },
        aVeryLongFieldNameNumberTwo: { dataType: 'number', column: 'two' },
      },
    });
    const names = gridIndexDdl(long).map((s) => /EXISTS "([^"]+)"/.exec(s)?.[1] ?? '');
    expect(names.every((n) => n.length <= 63)).toBe(true);
    expect(new Set(names).size).toBe(2);
  });

  it('sets up the extensions and the IMMUTABLE unaccent wrapper idempotently, under a lock', () => {
    expect(GRID_SETUP_DDL[0]).toMatch(/pg_advisory_xact_lock/);
    expect(GRID_SETUP_DDL).toContain('CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public');
    expect(GRID_SETUP_DDL).toContain('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    expect(GRID_SETUP_DDL.join('\n')).toMatch(/CREATE OR REPLACE FUNCTION public\.f_unaccent\(text\) RETURNS text LANGUAGE sql IMMUTABLE/);
  });
});
