import { screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { exclusionRow } from '../testing/exclusionRow.fixture';
import { ExclusionSearchScreen } from './ExclusionSearchScreen';

afterEach(restoreFetch);

const row = exclusionRow;

describe('OIG Exclusion List search', () => {
  it('searches once typing pauses and shows the rows with dates as mm/dd/yyyy and the sample tag', async () => {
    const gateway = fakeGateway({
      'GET /api/v1/exclusions/search': () => ({
        body: {
          exclusions: [row({}), row({ rowKey: 'b'.repeat(32), lastName: null, firstName: null, midName: null, busName: 'ACME SOBER HOMES', npi: null, exclDate: '2020-03-19' })],
          count: 2,
          mirror: { file: 'UPDATED-sample.csv', importedAt: '2026-11-26T04:00:00.000Z', sample: true },
        },
      }),
    });
    const app = renderWithApp(<ExclusionSearchScreen />);
    await app.user.type(screen.getByLabelText('Search the exclusion list'), 'smith');
    expect(await screen.findByText('SMITH, JOHN A', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('ACME SOBER HOMES')).toBeTruthy();
    expect(screen.getByText('01/15/2025')).toBeTruthy();
    expect(screen.getByText(/2 exclusions found/)).toBeTruthy();
    expect(screen.getByText('Sample list')).toBeTruthy();
    expect(gateway.callsTo('/api/v1/exclusions/search').map((c) => new URL(c.path, 'http://x').searchParams.get('searchTerm'))).toEqual(['smith']);
  });

  it("says when nothing is found and shows the server's refusal", async () => {
    fakeGateway({
      'GET /api/v1/exclusions/search': (call) =>
        call.path.includes('nobody') ? { body: { exclusions: [], count: 0, mirror: { file: null, importedAt: null, sample: false } } } : { status: 403, body: { success: false, message: 'Only the master admin and credentialing staff search the exclusion list' } },
    });
    const app = renderWithApp(<ExclusionSearchScreen />);
    await app.user.type(screen.getByLabelText('Search the exclusion list'), 'nobody');
    expect(await screen.findByText('No exclusion found', undefined, { timeout: 5000 })).toBeTruthy();
    await app.user.clear(screen.getByLabelText('Search the exclusion list'));
    await app.user.type(screen.getByLabelText('Search the exclusion list'), 'jones');
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByText(/credentialing staff/)).toBeTruthy();
  });

  it('searches every list at once, names each row’s list, and narrows to the list picked in the filter', async () => {
    const gateway = fakeGateway({
      'GET /api/v1/exclusions/search': () => ({
        body: { exclusions: [row({}), row({ source: 'sam', rowKey: 'd'.repeat(32), lastName: 'SMITH', firstName: 'JANE' })], count: 2, mirror: { file: null, importedAt: null, sample: false } },
      }),
    });
    const app = renderWithApp(<ExclusionSearchScreen />);
    await app.user.type(screen.getByLabelText('Search the exclusion list'), 'smith');
    expect(await screen.findByText('SAM.gov exclusions', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('OIG LEIE')).toBeTruthy();
    await app.user.click(screen.getByRole('combobox', { name: 'Exclusion list' }));
    await app.user.click(await screen.findByText('OFAC SDN list'));
    const sources = () => gateway.callsTo('/api/v1/exclusions/search').map((c) => new URL(c.path, 'http://x').searchParams.get('source'));
    await waitFor(() => expect(sources()).toEqual([null, 'ofac']), { timeout: 5000 });
  });
});
