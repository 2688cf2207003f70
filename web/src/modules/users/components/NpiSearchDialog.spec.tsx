import { screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { NpiSearchDialog } from './NpiSearchDialog';

afterEach(restoreFetch);

const result = (npi: string, last: string, userName?: string) => ({
  number: npi,
  enumeration_type: 'NPI-1',
  basic: { first_name: 'JOSEPHINE', middle_name: '', last_name: last, credential: 'NP', organization_name: '' },
  taxonomies: [{ code: '363L00000X', desc: 'Nurse Practitioner', primary: true, state: null, license: null }],
  addresses: [{ city: 'SAN DIEGO', state: 'CA' }],
  endpoints: [],
  deactivated: false,
  sample: true,
  ...(userName ? { userName } : {}),
});

describe('Search Users by NPI', () => {
  it('searches once typing pauses and leaves out NPIs already registered', async () => {
    const gateway = fakeGateway({
      'GET /api/v1/users/searchAllNpi': () => ({
        body: { success: true, users: [result('1000000028', 'MULLIGAN'), result('1000000036', 'MULLINS'), result('1000000044', 'MULLEN', 'jmullen')] },
      }),
      'GET /api/users/searchUsersByNpi': () => ({ body: { users: [{ _id: 'u2', userName: 'jmullins', npi: '1000000036' }] } }),
    });
    const picked: string[] = [];
    const app = renderWithApp(<NpiSearchDialog open onClose={() => undefined} onPick={(r) => picked.push(r.number)} />);
    await app.user.type(screen.getByLabelText('NPI or name'), 'mull');
    const results = screen.getByRole('region', { name: 'Registry results' });
    const only = await within(results).findByRole('button', { name: /MULLIGAN, JOSEPHINE 1000000028/ });
    // One search for the whole term (debounced), not one per keystroke.
    expect(gateway.callsTo('/api/v1/users/searchAllNpi').map((call) => new URL(call.path, 'http://x').searchParams.get('searchTerm'))).toEqual(['mull']);
    expect(within(results).queryByText(/MULLINS/)).toBeNull();
    expect(within(results).queryByText(/MULLEN/)).toBeNull();
    await app.user.click(only);
    await waitFor(() => expect(picked).toEqual(['1000000028']));
  });
});
