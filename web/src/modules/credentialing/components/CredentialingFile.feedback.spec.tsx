import { configure, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { alertsAtom } from '../../alerts/state/alertsAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { fakeGateway, renderWithApp } from '../../../testing/renderWithApp';
import { FILE, render, reply } from '../testing/credentialingFileHarness';
import { fileFixture, PROVIDER_ID, STAFF_ID, TODAY, useFakeDay } from '../testing/file.fixture';
import { CredentialingFile } from './CredentialingFile';
import { OWN_FILE_EMPTY_TEXT } from './OwnFileEmptyState';

// Feedback on the file: a toast after every save, and the own-file empty state per reader.

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

useFakeDay(TODAY);

const ACCESS = '/api/v1/exclusions/access';
const toasts = (store: ReturnType<typeof createStore>) => store.get(alertsAtom).map((alert) => `${alert.headerIcon}: ${alert.bodyText}`);

/** The signed-in user's own workspace file (no file yet), as a user with these flags. */
function renderOwn(flags: { isProvider: boolean; isMasterAdmin?: boolean }) {
  const store = createStore();
  store.set(signedInUserAtom, { _id: PROVIDER_ID, isMasterAdmin: Boolean(flags.isMasterAdmin), isAdmin: Boolean(flags.isMasterAdmin), isProvider: flags.isProvider, email: 'x@y.test', userName: 'x' } as never);
  return renderWithApp(<CredentialingFile providerId={PROVIDER_ID} today={TODAY} />, { store, userEvent: { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } });
}

describe('CredentialingFile feedback', () => {
  it('staff get a toast after adding, changing and removing a credential, saving the declarations, running the checks and submitting', async () => {
    const ready = fileFixture({ openItems: [] });
    fakeGateway({
      [`GET ${FILE}`]: () => reply(ready),
      [`POST ${FILE}/credentials`]: () => reply(ready),
      [`PUT ${FILE}/credentials/m1`]: () => reply(ready),
      [`DELETE ${FILE}/credentials/d1`]: () => reply(ready),
      [`POST ${FILE}/application`]: () => reply(ready),
      [`POST ${FILE}/checks`]: () => reply(ready),
      [`POST ${FILE}/submit`]: () => reply(fileFixture({ status: 'Committee Review', openItems: [] })),
    });
    const { user, store } = render(STAFF_ID);
    await screen.findByLabelText('Credentialing file');

    // Add: the drawer closes and a toast says what was added.
    await user.click(screen.getByRole('button', { name: 'Add Education or Training' }));
    let drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Institution'), 'Albany Medical College');
    await user.type(within(drawer).getByLabelText('Degree or Programme'), 'MD');
    await user.type(within(drawer).getByLabelText('Completion Date'), '05/20/2010');
    const add = within(drawer).getByRole('button', { name: 'Add Education or Training' });
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    await user.click(add);
    await waitFor(() => expect(toasts(store)).toContain('success: The education or training was added.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Change.
    await user.click(within(screen.getByRole('group', { name: 'MedPro, policy P-77' })).getByRole('button', { name: 'Edit MedPro, policy P-77' }));
    drawer = await screen.findByRole('dialog');
    await user.clear(within(drawer).getByLabelText('Policy Number'));
    await user.type(within(drawer).getByLabelText('Policy Number'), 'P-78');
    await user.click(within(drawer).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts(store)).toContain('success: The changes to the malpractice insurance were saved.'));

    // Remove (after its confirmation).
    await user.click(within(screen.getByRole('group', { name: 'DEA AB1234563 (NY)' })).getByRole('button', { name: 'Delete DEA AB1234563 (NY)' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toContain('success: DEA AB1234563 (NY) was removed.'));

    // The application's declarations.
    await user.click(within(screen.getByRole('radiogroup', { name: 'Does the provider hold a board certification?' })).getByText('Yes'));
    await user.click(screen.getByRole('button', { name: 'Save Declarations' }));
    await waitFor(() => expect(toasts(store)).toContain('success: The application’s declarations were saved.'));

    await user.click(screen.getByRole('button', { name: /Run Checks$/ }));
    await waitFor(() => expect(toasts(store)).toContain('success: The automatic checks ran.'));
    await user.click(screen.getByRole('button', { name: /Submit to Committee$/ }));
    await waitFor(() => expect(toasts(store)).toContain('success: The file was submitted to the committee.'));
  });

  it('the provider gets a toast after signing the attestation; a refusal shows in the form, with no toast', async () => {
    const provider = fileFixture({ can: { edit: true, verify: false, attest: true, submit: false, decide: false, start: false } });
    let refuse = true;
    fakeGateway({
      [`GET ${FILE}`]: () => reply(provider),
      [`POST ${FILE}/attestation`]: (call) =>
        refuse
          ? { status: 400, body: { success: false, message: 'signature: type your full name', field: 'signature' } }
          : reply(fileFixture({ ...provider, attestation: { ...(call.body as Record<string, unknown>), explanation: null, signedBy: PROVIDER_ID } as never })),
    });
    const { user, store } = render(PROVIDER_ID);
    const form = await screen.findByRole('form', { name: 'Attestation' });
    for (const [n, text] of [
      [1, 'No'],
      [2, 'No'],
      [3, 'No'],
      [4, 'No'],
      [5, 'Yes'],
    ] as const) {
      await user.click(within(within(form).getByRole('radiogroup', { name: `Question ${n}` })).getByText(text));
    }
    await user.type(within(form).getByLabelText('Signature'), 'José Müller-Åström');
    const sign = within(form).getByRole('button', { name: 'Sign Attestation' });
    await waitFor(() => expect(sign).toHaveProperty('disabled', false));
    await user.click(sign);
    expect(await within(form).findByText('signature: type your full name')).toBeTruthy();
    expect(toasts(store)).toEqual([]);
    refuse = false;
    await user.click(sign);
    await screen.findByTestId('attestation-signature');
    expect(toasts(store)).toEqual(['success: The attestation was signed.']);
  });

  it('staff starting a file get a toast', async () => {
    fakeGateway({
      [`GET ${FILE}`]: () => ({ status: 404, body: { success: false, message: 'No credentialing file for this provider' } }),
      ['PUT /api/v1/credentialing/files']: () => reply(fileFixture({ status: 'Not Started' })),
    });
    const { user, store } = render(STAFF_ID);
    await user.click(await screen.findByRole('button', { name: /Start Credentialing$/ }));
    await screen.findByTestId('file-status');
    expect(toasts(store)).toEqual(['success: The credentialing file was started.']);
  });
});

describe('the own-file empty state', () => {
  const noFile = { [`GET ${FILE}`]: () => ({ body: { success: true, file: null } }) };

  it('tells a provider that their staff start it and they then fill in the application', async () => {
    const fake = fakeGateway(noFile);
    renderOwn({ isProvider: true });
    expect((await screen.findByTestId('own-file-empty')).textContent).toBe(OWN_FILE_EMPTY_TEXT.provider);
    expect(OWN_FILE_EMPTY_TEXT.provider).toMatch(/you will then fill in your application/);
    expect(fake.callsTo(ACCESS)).toHaveLength(0);
  });

  it('speaks to credentialing staff as staff, never of their application', async () => {
    fakeGateway({ ...noFile, [`GET ${ACCESS}`]: () => ({ body: { searchExclusions: true } }) });
    renderOwn({ isProvider: false });
    const empty = await screen.findByTestId('own-file-empty');
    expect(empty.textContent).toBe(OWN_FILE_EMPTY_TEXT.staff);
    expect(empty.textContent).toMatch(/credentialing staff/);
    expect(empty.textContent).not.toMatch(/application/);
    expect(screen.queryByRole('button', { name: /Start Credentialing$/ })).toBeNull();
  });

  it('tells a Member or Consultant that there is nothing for them to do', async () => {
    fakeGateway({ ...noFile, [`GET ${ACCESS}`]: () => ({ body: { searchExclusions: false } }) });
    renderOwn({ isProvider: false });
    const empty = await screen.findByTestId('own-file-empty');
    expect(empty.textContent).toBe(OWN_FILE_EMPTY_TEXT.noCredentialingRights);
    expect(empty.textContent).toMatch(/nothing for you to do here/);
    expect(empty.textContent).not.toMatch(/application/);
  });

  it('points the master admin to the files grid', async () => {
    fakeGateway(noFile);
    renderOwn({ isProvider: false, isMasterAdmin: true });
    expect((await screen.findByTestId('own-file-empty')).textContent).toContain(OWN_FILE_EMPTY_TEXT.masterAdmin);
    expect(screen.getByRole('link', { name: 'Open the credentialing files' }).getAttribute('href')).toBe('/admin/credentialing');
  });
});
