import type { GridQuery } from '../../grid';
import { loadFacilitiesPage, withEntityType } from './facilitiesQuery';

describe('facilities query', () => {
  const query: GridQuery = { skip: 10, limit: 10, filters: { primaryPracticeAddress: { filterType: 'contains', value: '02139' } }, sorting: { npi: -1 } };

  it('adds the npiType as the entityTypeCode filter', () => {
    expect(withEntityType(query.filters, 2)).toEqual({
      primaryPracticeAddress: { filterType: 'contains', value: '02139' },
      entityTypeCode: { filterType: 'exactMatch', value: '2' },
    });
  });

  it('loads the rows and the count with the same filters', async () => {
    const list = jest.fn(async () => ({ success: true as const, facilities: [], count: 3 }));
    const count = jest.fn(async () => ({ success: true as const, count: 13 }));
    const page = await loadFacilitiesPage({ list, count }, query, 1);
    const filters = withEntityType(query.filters, 1);
    expect(list).toHaveBeenCalledWith({ ...query, filters });
    expect(count).toHaveBeenCalledWith(filters);
    expect(page).toEqual({ rows: [], count: 13 });
  });
});
