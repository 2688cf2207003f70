import type { GridFilters, GridPage, GridQuery } from '../../grid';
import type { FacilitiesApi } from '../api/facilitiesApi';
import type { Facility, NpiType } from '../types/facility';

/** The entity type filter the npiType switch adds to every query (spec §4). */
export function withEntityType(filters: GridFilters, npiType: NpiType): GridFilters {
  return { ...filters, entityTypeCode: { filterType: 'exactMatch', value: String(npiType) } };
}

/** One grid page: the rows and the count of every matching facility, loaded together. */
export async function loadFacilitiesPage(api: Pick<FacilitiesApi, 'list' | 'count'>, query: GridQuery, npiType: NpiType): Promise<GridPage<Facility>> {
  const filters = withEntityType(query.filters, npiType);
  const [list, count] = await Promise.all([api.list({ ...query, filters }), api.count(filters)]);
  return { rows: list.facilities ?? [], count: count.count ?? list.count ?? 0 };
}
