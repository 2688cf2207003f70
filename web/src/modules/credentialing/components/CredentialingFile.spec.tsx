import { configure, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, renderWithApp } from '../../../testing/renderWithApp';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import type { credentialing } from '@app/contracts';
import type { FileView } from '../api/credentialingApi';
import { fileFixture, PROVIDER_ID, STAFF_ID, TODAY, useFakeDay } from '../testing/file.fixture';
import { CredentialingFile } from './CredentialingFile';

const FILE = `/api/v1/credentialing/files/${PROVIDER_ID}`;

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

function signedIn(id: string, masterAdmin = false) {
  const store = createStore();
  store.set(signedInUserAtom, { _id: id, isMasterAdmin: masterAdmin, isAdmin: masterAdmin, isProvider: !masterAdmin, email: 'x@y.test', userName: 'x' } as never);
  return store;
}

function render(id: string, options: { masterAdmin?: boolean } = {}) {
  return renderWithApp(<CredentialingFile providerId={PROVIDER_ID} today={TODAY} />, {
    store: signedIn(id, options.masterAdmin),
    userEvent: { advanceTimers: (ms) => jest.advanceTimersByTime(ms) },
  });
}

const reply = (file: FileView) => ({ body: { success: true, file } });

useFakeDay(TODAY);

describe('CredentialingFile', () => {
  it('shows the status steps, the open items as a checklist (dates mm/dd/yyyy), credentials by kind with expiry badges and each verification with its evidence', async () => {
    fakeGateway({ [`GET ${FILE}`]: () => reply(fileFixture()) });
    const { user } = render(STAFF_ID);
    await screen.findByLabelText('Credentialing file');
    expect(screen.getByTestId('file-status').textContent).toBe('Verification');
    expect(document.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent).toBe('Verification');
    const checklist = screen.getByRole('list', { name: 'Open items checklist' });
    expect(within(checklist).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Education and training is required',
      'Malpractice: verification of 07/01/2026 is 148 days old (at most 120)',
      'The provider has not signed the attestation',
    ]);
    const licence = screen.getByRole('group', { name: 'NY MD licence Z999999' });
    expect(within(licence).getByText('Expires in 20 days')).toBeTruthy();
    expect(within(licence).getByText(/Issued 06\/01\/2015 · Expires 12\/16\/2026/)).toBeTruthy();
    expect(within(licence).getByRole('link', { name: 'Document 1' }).getAttribute('href')).toBe('/api/files/abc.pdf');
    const board = within(licence).getByRole('group', { name: 'State board verification' });
    expect(within(board).getByText('Verified')).toBeTruthy();
    expect(within(board).getByText(/11\/20\/2026 · by you/)).toBeTruthy();
    expect(within(board).getByRole('link', { name: /board\.pdf/ }).getAttribute('href')).toBe('/api/files/ev1.pdf');
    expect(within(screen.getByRole('group', { name: 'DEA AB1234567 (NY)' })).getByText('Expired')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'MedPro, policy P-77' })).getByText('Expires in 60 days')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'MedPro, policy P-77' })).getByText(/\$1,000,000 per claim \/ \$3,000,000 aggregate/)).toBeTruthy();
    // The NPPES check: its discrepancy with both values, and the stored registry row.
    const nppes = screen.getByRole('group', { name: 'NPPES verification' });
    expect(within(nppes).getByRole('list', { name: 'Discrepancies' }).textContent).toBe('stateLicense NY Z999999: file says NY Z999999, source says NY Z1');
    await user.click(within(nppes).getByRole('button', { name: /NPPES record$/ }));
    const record = await screen.findByRole('dialog');
    expect(within(record).getByText('1000000019')).toBeTruthy();
    expect(within(record).getByText('NY Z1')).toBeTruthy();
    // Staff: no attestation form, the read-only note.
    expect(screen.queryByRole('form', { name: 'Attestation' })).toBeNull();
    expect(screen.getByText(/Not signed yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Submit to Committee$/ })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /Committee Decision$/ })).toBeNull();
  });

  it('keeps the checklist in step with the file when two file-wide items share a code (the NPPES check and the exclusion screening)', async () => {
    const missing = (label: string) => ({ code: 'verification-missing', message: `${label}: not verified` });
    const attestation = { code: 'attestation-missing', message: 'The provider has not signed the attestation' };
    fakeGateway({
      [`GET ${FILE}`]: () => reply(fileFixture({ openItems: [missing('NPPES check'), missing('Exclusion screening (OIG LEIE)'), attestation] as never })),
      [`POST ${FILE}/checks`]: () => reply(fileFixture({ openItems: [attestation] as never })),
    });
    const { user } = render(STAFF_ID);
    await screen.findByLabelText('Credentialing file');
    const items = () => within(screen.getByRole('list', { name: 'Open items checklist' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items()).toEqual(['NPPES check: not verified', 'Exclusion screening (OIG LEIE): not verified', 'The provider has not signed the attestation']);
    await user.click(screen.getByRole('button', { name: /Run Checks$/ }));
    await waitFor(() => expect(items()).toEqual(['The provider has not signed the attestation']));
  });

  it('staff run the checks and add a licence: Add stays disabled until the form is valid, the message names the field, dates go as yyyy-mm-dd', async () => {
    const fake = fakeGateway({
      [`GET ${FILE}`]: () => reply(fileFixture()),
      [`POST ${FILE}/checks`]: () => reply(fileFixture({ status: 'Verification', openItems: [] })),
      [`POST ${FILE}/credentials`]: () => reply(fileFixture()),
    });
    const { user } = render(STAFF_ID);
    await screen.findByLabelText('Credentialing file');
    await user.click(screen.getByRole('button', { name: /Run Checks$/ }));
    await screen.findByText('Nothing is open: the file can go to the committee.');
    expect(fake.callsTo(`${FILE}/checks`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add State License' }));
    const drawer = await screen.findByRole('dialog');
    const add = within(drawer).getByRole('button', { name: 'Add State License' });
    expect(add).toHaveProperty('disabled', true);
    await user.type(within(drawer).getByLabelText('State'), 'N1');
    expect(await within(drawer).findByText('State: a two-letter state code')).toBeTruthy();
    await user.clear(within(drawer).getByLabelText('State'));
    await user.type(within(drawer).getByLabelText('State'), 'ca');
    await user.type(within(drawer).getByLabelText('License Number'), 'A12345');
    await user.type(within(drawer).getByLabelText('License Type'), 'MD');
    await user.type(within(drawer).getByLabelText('Issue Date'), '2/30/2020');
    expect(within(drawer).getByText('Issue Date: use mm/dd/yyyy')).toBeTruthy();
    await user.clear(within(drawer).getByLabelText('Issue Date'));
    await user.type(within(drawer).getByLabelText('Issue Date'), '02/03/2020');
    await user.type(within(drawer).getByLabelText('Expiration Date'), '01/01/2019');
    expect(within(drawer).getByText('Expiration Date must be on or after Issue Date')).toBeTruthy();
    expect(add).toHaveProperty('disabled', true);
    await user.clear(within(drawer).getByLabelText('Expiration Date'));
    await user.type(within(drawer).getByLabelText('Expiration Date'), '02/03/2028');
    const pdf = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    await user.upload(drawer.querySelector<HTMLInputElement>('input[type="file"]')!, pdf);
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    await user.click(add);
    await waitFor(() => expect(fake.callsTo(`${FILE}/credentials`)).toHaveLength(1));
    expect(fake.callsTo(`${FILE}/credentials`)[0].body).toEqual({
      kind: 'stateLicense',
      state: 'CA',
      number: 'A12345',
      licenseType: 'MD',
      status: 'Active',
      issuedOn: '2020-02-03',
      expiresOn: '2028-02-03',
      file: 'file:licence.pdf',
    });
  });

  it('records a manual verification only with its evidence, and shows a refusal of the server', async () => {
    const fake = fakeGateway({
      [`GET ${FILE}`]: () => reply(fileFixture()),
      ['POST /api/v1/credentialing/credentials/m1/verifications']: () => ({ status: 400, body: { success: false, message: 'evidence must be one of: application/pdf, image/png, image/jpeg', field: 'evidence' } }),
    });
    const { user } = render(STAFF_ID);
    const malpractice = await screen.findByRole('group', { name: 'MedPro, policy P-77' });
    await user.click(within(malpractice).getByRole('button', { name: 'Verify' }));
    const drawer = await screen.findByRole('dialog');
    const record = within(drawer).getByRole('button', { name: 'Record Verification' });
    expect(within(drawer).getByLabelText<HTMLInputElement>('Verification Date').value).toBe('11/26/2026');
    expect(record).toHaveProperty('disabled', true);
    await user.clear(within(drawer).getByLabelText('Verification Date'));
    await user.type(within(drawer).getByLabelText('Verification Date'), '12/01/2026');
    expect(within(drawer).getByText('Verification Date cannot be in the future')).toBeTruthy();
    await user.clear(within(drawer).getByLabelText('Verification Date'));
    await user.type(within(drawer).getByLabelText('Verification Date'), '11/25/2026');
    await user.upload(drawer.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF'], 'carrier.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(record).toHaveProperty('disabled', false));
    await user.click(record);
    expect(await within(drawer).findByText('evidence must be one of: application/pdf, image/png, image/jpeg')).toBeTruthy();
    expect(fake.callsTo('/api/v1/credentialing/credentials/m1/verifications')[0].body).toEqual({
      source: 'Malpractice carrier',
      result: 'Verified',
      verifiedOn: '2026-11-25',
      evidence: 'file:carrier.pdf',
    });
  });

  it('the provider signs the attestation: the button waits for every answer and the signature; an unfavourable answer needs an explanation', async () => {
    const provider = fileFixture({ can: { edit: true, verify: false, attest: true, submit: false, decide: false, start: false } });
    const answers = {
      unableToPerformEssentialFunctions: false,
      illegalDrugUse: false,
      lossOfLicenseOrFelony: true,
      limitationsOrDisciplinaryActions: false,
      currentMalpracticeCoverage: true,
      explanation: 'Licence lapsed in 2009 while abroad',
      signature: 'José Müller-Åström',
      signedOn: TODAY,
    };
    const signed = fileFixture({ ...provider, attestation: { ...answers, signedBy: PROVIDER_ID } });
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(provider), [`POST ${FILE}/attestation`]: () => reply(signed) });
    const { user } = render(PROVIDER_ID);
    const form = await screen.findByRole('form', { name: 'Attestation' });
    expect(screen.queryByRole('button', { name: /Run Checks$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Invite Provider$/ })).toBeNull();
    const sign = within(form).getByRole('button', { name: 'Sign Attestation' });
    const answer = async (n: number, text: 'Yes' | 'No') => user.click(within(within(form).getByRole('radiogroup', { name: `Question ${n}` })).getByText(text));
    await answer(1, 'No');
    await answer(2, 'No');
    await answer(3, 'Yes');
    await answer(4, 'No');
    await answer(5, 'Yes');
    expect(within(form).getByText('Explanation is required when an answer needs one')).toBeTruthy();
    await user.type(within(form).getByLabelText('Signature'), 'José Müller-Åström');
    expect(sign).toHaveProperty('disabled', true);
    await user.type(within(form).getByLabelText('Explanation'), 'Licence lapsed in 2009 while abroad');
    await waitFor(() => expect(sign).toHaveProperty('disabled', false));
    await user.click(sign);
    expect((await screen.findByTestId('attestation-signature')).textContent).toBe('Signed by José Müller-Åström on 11/26/2026');
    expect(fake.callsTo(`${FILE}/attestation`)[0].body).toEqual(answers);
  });

  it('the master admin records the committee decision; approval shows the recredentialing due date', async () => {
    const review = fileFixture({ status: 'Committee Review', openItems: [], can: { edit: false, verify: false, attest: false, submit: false, decide: true, start: false } });
    const approved = fileFixture({
      status: 'Approved',
      openItems: [],
      decision: { decision: 'Approved', note: 'Monthly committee', decidedOn: TODAY, decidedBy: 'admin' },
      recredentialingDueOn: '2029-11-26',
      can: { edit: false, verify: false, attest: false, submit: false, decide: false, start: true },
    });
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(review), [`POST ${FILE}/decision`]: () => reply(approved) });
    const { user } = render('admin', { masterAdmin: true });
    await user.click(await screen.findByRole('button', { name: /Committee Decision$/ }));
    const dialog = await screen.findByRole('dialog', { name: /Committee Decision$/ });
    const record = within(dialog).getByRole('button', { name: 'Record Decision' });
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Decision' })).getByText('Approved'));
    expect(record).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Note'), ' ');
    expect(within(dialog).getByText('Note is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Note'), 'Monthly committee');
    await waitFor(() => expect(record).toHaveProperty('disabled', false));
    await user.click(record);
    expect((await screen.findByTestId('recredentialing-due')).textContent).toBe('11/26/2029');
    expect(fake.callsTo(`${FILE}/decision`)[0].body).toEqual({ decision: 'Approved', note: 'Monthly committee' });
    expect(screen.getByRole('button', { name: /Start Recredentialing$/ })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Open items checklist' })).toBeNull();
  });

  it('monitoring: shows the exclusion finding and Expired under the status steps, lists the matches with the LEIE row, staff resolve an open one with evidence and the file reloads', async () => {
    const lookalike: credentialing.ExclusionRow = {
      rowKey: 'c'.repeat(32), lastName: 'MULLER-ASTROM', firstName: 'JOSE', midName: null, busName: null, general: 'PHYSICIAN (MD, DO)', specialty: null, npi: null,
      dob: '1961-02-03', address: '9 ELM ST', city: 'TROY', state: 'NY', zip: '12180', exclType: '1128a1', exclDate: '2024-06-10', reinDate: null, waiverDate: null, waiverState: null,
    };
    const open: credentialing.ExclusionMatchView = { matchId: 'c'.repeat(32), kind: 'Possible match', status: 'Open', foundAt: '2026-11-26T04:00:00.000Z', resolvedAt: null, resolvedBy: null, note: null, evidence: null, row: lookalike };
    const resolved: credentialing.ExclusionMatchView = { ...open, status: 'Not the same person', resolvedAt: '2026-11-26T12:00:00.000Z', resolvedBy: STAFF_ID, note: 'Another date of birth', evidence: { kind: 'document', fileUrl: '/api/files/lic.pdf', fileName: 'licence.pdf' } };
    let current = fileFixture({ monitoring: { exclusion: 'Possible match', status: 'Expired', lapsesOn: '2026-11-01' } });
    const fake = fakeGateway({
      [`GET ${FILE}`]: () => reply(current),
      [`GET ${FILE}/exclusion-matches`]: () => ({ body: { matches: [open] } }),
      [`POST ${FILE}/exclusion-matches/${open.matchId}/resolve`]: () => {
        current = fileFixture({ monitoring: { exclusion: null, status: 'Expired', lapsesOn: '2026-11-01' } });
        return { body: { matches: [resolved] } };
      },
    });
    const { user } = render(STAFF_ID);
    const monitoring = await screen.findByLabelText('Monitoring');
    expect(within(monitoring).getByTestId('file-exclusion').textContent).toMatch(/Possible OIG exclusion match/);
    expect(within(monitoring).getByTestId('file-monitoring').textContent).toBe('Expired: a credential expired on 11/01/2026 and was not renewed.');
    const matches = screen.getByRole('region', { name: 'OIG Exclusion Matches' });
    const form = await within(matches).findByRole('form', { name: 'Resolve possible match' });
    expect(within(form).getByText('MULLER-ASTROM, JOSE')).toBeTruthy();
    expect(within(form).getByText('9 ELM ST, TROY, NY, 12180')).toBeTruthy();
    await user.click(within(form).getByLabelText('Not the same person'));
    await user.type(within(form).getByLabelText('Note'), 'Another date of birth');
    await user.upload(within(form).getByLabelText('Evidence'), new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }));
    const send = within(form).getByRole('button', { name: 'Resolve' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    await user.click(send);
    await waitFor(() => expect(screen.queryByTestId('file-exclusion')).toBeNull());
    expect(fake.callsTo(`${FILE}/exclusion-matches/${open.matchId}/resolve`)[0].body).toMatchObject({ resolution: 'Not the same person', note: 'Another date of birth' });
    expect(fake.callsTo(FILE)).toHaveLength(2);
    expect(screen.getByTestId('file-monitoring').textContent).toMatch(/^Expired/);
    expect(screen.queryByRole('region', { name: 'OIG Exclusion Matches' })).toBeNull();
  });

  it('monitoring: the provider sees an excluded finding and a lapsed recredentialing date, the match without a resolve form', async () => {
    const row: credentialing.ExclusionRow = {
      rowKey: 'd'.repeat(32), lastName: 'MULLER', firstName: 'JOSE', midName: null, busName: null, general: null, specialty: null, npi: '1000000019',
      dob: null, address: null, city: null, state: 'NY', zip: null, exclType: '1128b4', exclDate: '2025-01-15', reinDate: null, waiverDate: null, waiverState: null,
    };
    fakeGateway({
      [`GET ${FILE}`]: () =>
        reply(fileFixture({ status: 'Approved', recredentialingDueOn: '2026-11-20', monitoring: { exclusion: 'Excluded', status: 'Lapsed', lapsesOn: null }, can: { edit: false, verify: false, attest: false, submit: false, decide: false, start: false } })),
      [`GET ${FILE}/exclusion-matches`]: () => ({ body: { matches: [{ matchId: 'd'.repeat(32), kind: 'Excluded', status: 'Confirmed', foundAt: '2026-11-26T04:00:00.000Z', resolvedAt: null, resolvedBy: null, note: null, evidence: null, row }] } }),
    });
    render(PROVIDER_ID);
    expect((await screen.findByTestId('file-exclusion')).textContent).toMatch(/^Excluded: the provider’s NPI is on the OIG exclusion list/);
    expect(screen.getByTestId('file-monitoring').textContent).toBe('Lapsed: recredentialing was due on 11/20/2026.');
    const match = await screen.findByRole('group', { name: 'Match MULLER, JOSE' });
    expect(within(match).getByText(/NPI 1000000019 · NY · 1128b4 since 01\/15\/2025/)).toBeTruthy();
    expect(within(match).getByText('Confirmed')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Resolve possible match' })).toBeNull();
  });

  it('without a file: staff start one or invite the provider; the provider is told who starts it', async () => {
    const fake = fakeGateway({
      [`GET ${FILE}`]: () => ({ status: 404, body: { success: false, message: 'No credentialing file for this provider' } }),
      ['PUT /api/v1/credentialing/files']: () => reply(fileFixture({ status: 'Not Started' })),
      ['POST /api/v1/credentialing/invitations']: () => ({ body: { success: true, sentTo: 'j***@clinic.test', expiresAt: '2026-12-03T12:00:00.000Z' } }),
    });
    const { user, unmount } = render(STAFF_ID);
    await user.click(await screen.findByRole('button', { name: /Invite Provider$/ }));
    await waitFor(() => expect(fake.callsTo('/api/v1/credentialing/invitations')).toHaveLength(1));
    expect(fake.callsTo('/api/v1/credentialing/invitations')[0].body).toEqual({ providerId: PROVIDER_ID });
    await user.click(screen.getByRole('button', { name: /Start Credentialing$/ }));
    expect((await screen.findByTestId('file-status')).textContent).toBe('Not Started');
    expect(fake.callsTo('/api/v1/credentialing/files')[0].body).toEqual({ providerId: PROVIDER_ID });
    unmount();

    render(PROVIDER_ID);
    expect(await screen.findByText(/Your practice’s credentialing staff start it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start Credentialing$/ })).toBeNull();
  });
});
