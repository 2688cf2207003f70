import { configure, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway } from '../../../testing/renderWithApp';
import { FILE, render, reply } from '../testing/credentialingFileHarness';
import { fileFixture, STAFF_ID, TODAY, useFakeDay } from '../testing/file.fixture';

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

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
    expect(within(board).getByText(/11\/20\/2026 · by Casey Credentialer/)).toBeTruthy();
    expect(within(board).getByRole('link', { name: /board\.pdf/ }).getAttribute('href')).toBe('/api/files/ev1.pdf');
    expect(within(screen.getByRole('group', { name: 'DEA AB1234563 (NY)' })).getByText('Expired')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'MedPro, policy P-77' })).getByText('Expires in 60 days')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'MedPro, policy P-77' })).getByText(/\$1,000,000 per claim \/ \$3,000,000 aggregate/)).toBeTruthy();
    // The NPPES check: its discrepancy with both values, and the stored registry row.
    const nppes = screen.getByRole('group', { name: 'NPPES verification' });
    expect(within(nppes).getByRole('list', { name: 'Discrepancies' }).textContent).toBe('State licence NY Z999999: file says NY Z999999, source says NY Z1');
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
    expect(await within(drawer).findByText('State: a US state, DC or territory (two-letter code)')).toBeTruthy();
    await user.clear(within(drawer).getByLabelText('State'));
    await user.type(within(drawer).getByLabelText('State'), 'ca');
    await user.type(within(drawer).getByLabelText('License Number'), 'A12345');
    await user.type(within(drawer).getByLabelText('License Type'), 'MD');
    await user.type(within(drawer).getByLabelText('Issue Date'), '2/30/2020');
    expect(within(drawer).getByText('Issue Date: use mm/dd/yyyy')).toBeTruthy();
    await user.clear(within(drawer).getByLabelText('Issue Date'));
    await user.type(within(drawer).getByLabelText('Issue Date'), '02/03/2020');
    await user.type(within(drawer).getByLabelText('Expiration Date'), '01/01/2019');
    expect(within(drawer).getByText('Expiration Date: must be on or after Issue Date')).toBeTruthy();
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
});
