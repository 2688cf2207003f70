import { configure, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, type FakeCall, renderWithApp } from '../../../testing/renderWithApp';
import type { FileRow } from '../api/credentialingApi';
import { PROVIDER_ID, TODAY, useFakeDay } from '../testing/file.fixture';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { CredentialingFilesScreen } from './CredentialingFilesScreen';
import { CredentialingSection } from './CredentialingSection';

const LIST = '/api/v1/credentialing/getFiles';

const ROWS: FileRow[] = [
  { providerId: PROVIDER_ID, provider: 'Müller-Åström, José', npi: '1000000019', status: 'Approved', openItems: 0, nextExpiry: '2026-12-10', recredentialingDueOn: '2029-11-26', lastChange: '2026-11-26T10:00:00Z', exclusion: 'Excluded', monitoring: 'Expired', attestationDueOn: '2026-11-01', attestation: 'Lapsed' },
  { providerId: 'p2', provider: 'Activated, Dee', npi: '1000000043', status: 'Verification', openItems: 3, nextExpiry: null, recredentialingDueOn: null, lastChange: '2026-11-20T10:00:00Z', exclusion: null, monitoring: null, attestationDueOn: '2027-02-01', attestation: null },
];

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

function cells(field: string): string[] {
  return Array.from(document.querySelectorAll(`tbody tr.ant-table-row td[data-field="${field}"]`)).map((cell) => cell.textContent ?? '');
}

useFakeDay(TODAY);

describe('CredentialingFilesScreen', () => {
  it('shows a file in recredentialing whose earlier approval is in force as `Approved · recredentialing`, with its due date', async () => {
    const row: FileRow = { ...ROWS[1], status: 'Not Started', recredentialingDueOn: '2027-01-15', approvalInForce: true };
    fakeGateway({ [`POST ${LIST}`]: () => ({ body: { files: [row], count: 1 } }) });
    renderWithApp(<CredentialingFilesScreen />, { path: '/admin/credentialing', userEvent: { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } });
    await waitFor(() => expect(cells('standing')).toEqual(['Approved · recredentialing']));
    expect(cells('recredentialingDueOn')).toEqual(['01/15/2027']);
  });

  it('lists the files (newest change first) with their columns, filters by status and by due within N days, and a row opens the file', async () => {
    const fake = fakeGateway({ [`POST ${LIST}`]: () => ({ body: { files: ROWS, count: ROWS.length } }) });
    const { user, location } = renderWithApp(<CredentialingFilesScreen />, { path: '/admin/credentialing', userEvent: { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } });
    await waitFor(() => expect(cells('provider')).toEqual(['Müller-Åström, José', 'Activated, Dee']));
    expect(Array.from(document.querySelectorAll('thead th[data-field]')).map((th) => th.getAttribute('data-field'))).toEqual([
      'provider',
      'npi',
      'standing',
      'openItems',
      'nextExpiry',
      'recredentialingDueOn',
      'exclusionFound',
      'monitoring',
      'attestation',
      'lastChange',
    ]);
    expect(fake.callsTo(LIST)[0].body).toEqual({ skip: 0, limit: 10, filters: {}, sorting: { lastChange: -1 } });
    expect(cells('standing')).toEqual(['Approved', 'Verification']);
    expect(cells('openItems')).toEqual(['0', '3']);
    // An expiry within 30 days: the date in a tag that says so (its accessible name and tooltip).
    expect(cells('nextExpiry')).toEqual(['12/10/2026', '']);
    expect(document.querySelector('td[data-field="nextExpiry"] .ant-tag')?.getAttribute('aria-label')).toBe('12/10/2026, < 30 days');
    expect(cells('recredentialingDueOn')).toEqual(['11/26/2029', '']);
    expect(cells('lastChange')).toEqual(['11/26/2026', '11/20/2026']);
    expect(cells('exclusionFound')).toEqual(['Excluded', '']);
    expect(cells('monitoring')).toEqual(['Expired', '']);
    expect(cells('attestation')).toEqual(['Lapsed 11/01/2026', '02/01/2027']);

    await user.type(screen.getByLabelText('Due within days'), '90');
    await waitFor(() => expect((fake.callsTo(LIST).at(-1) as FakeCall).body).toMatchObject({ filters: { recredentialingDueOn: { filterType: 'onOrBeforeDate', value: '2027-02-24' } } }));

    await user.click(screen.getByRole('combobox', { name: 'Filter Status' }));
    await user.click(await screen.findByTitle('Committee Review'));
    await waitFor(() => expect((fake.callsTo(LIST).at(-1) as FakeCall).body).toMatchObject({ filters: { standing: { filterType: 'exactMatch', value: 'Committee Review' } } }));

    await user.click(screen.getByRole('checkbox', { name: 'Exclusion found' }));
    await waitFor(() => expect((fake.callsTo(LIST).at(-1) as FakeCall).body).toMatchObject({ filters: { exclusionFound: { filterType: 'exactMatch', value: 'Exclusion found' } } }));

    await user.click(screen.getByRole('combobox', { name: 'Filter Monitoring' }));
    await user.click(await screen.findByTitle('Lapsed'));
    await waitFor(() => expect((fake.callsTo(LIST).at(-1) as FakeCall).body).toMatchObject({ filters: { monitoring: { filterType: 'exactMatch', value: 'Lapsed' } } }));

    await user.click(screen.getByText('Müller-Åström, José'));
    expect(location().pathname).toBe(`/admin/credentialing/${PROVIDER_ID}`);
  });

  it("a practice user's own workspace lists the files they manage (once there is one); a row opens the file outside the admin shell", async () => {
    const me = '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a07';
    fakeGateway({
      [`GET /api/v1/credentialing/files/${me}`]: () => ({ body: { success: true, file: null } }),
      [`POST ${LIST}`]: () => ({ body: { files: ROWS.slice(0, 1), count: 1 } }),
      ['GET /api/v1/exclusions/access']: () => ({ body: { searchExclusions: true } }),
    });
    const store = createStore();
    store.set(signedInUserAtom, { _id: me, isMasterAdmin: false, isAdmin: false, isProvider: false, email: 'c@p.test', userName: 'c' } as never);
    const { user, location } = renderWithApp(<CredentialingSection userId={me} />, { store, path: '/user', userEvent: { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } });
    const managed = await screen.findByRole('region', { name: 'Files you manage' });
    await waitFor(() => expect(managed.style.display).toBe(''));
    // Spoken to as staff, not as a provider who will fill in an application.
    expect(await screen.findByText(/As credentialing staff of your practice/)).toBeTruthy();
    expect(screen.queryByText(/Your practice’s credentialing staff start it/)).toBeNull();
    await user.click(within(managed).getByText('Müller-Åström, José'));
    expect(location().pathname).toBe(`/credentialing/${PROVIDER_ID}`);
  });

  it("a provider's own workspace shows no 'Files you manage' for their own file alone", async () => {
    const fake = fakeGateway({
      [`GET /api/v1/credentialing/files/${PROVIDER_ID}`]: () => ({ status: 404, body: { success: false, message: 'No credentialing file for this provider' } }),
      [`POST ${LIST}`]: () => ({ body: { files: ROWS.slice(0, 1), count: 1 } }),
    });
    const store = createStore();
    store.set(signedInUserAtom, { _id: PROVIDER_ID, isMasterAdmin: false, isAdmin: false, isProvider: true, email: 'j@p.test', userName: 'j' } as never);
    renderWithApp(<CredentialingSection userId={PROVIDER_ID} />, { store, path: '/user' });
    await screen.findByText(/Your practice’s credentialing staff start it/);
    await waitFor(() => expect(fake.callsTo(LIST)).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Files you manage' })).toBeNull();
  });
});
