import { configure, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway } from '../../../testing/renderWithApp';
import type { credentialing } from '@app/contracts';
import { FILE, render, reply } from '../testing/credentialingFileHarness';
import { fileFixture, PROVIDER_ID, STAFF_ID, TODAY, useFakeDay } from '../testing/file.fixture';

// CredentialingFile.spec.tsx's second half (the attestation, the decision, monitoring, no file yet),
// in a file of its own so that each file stays short.

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

useFakeDay(TODAY);

describe('CredentialingFile', () => {
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
      source: 'leie',
      rowKey: 'c'.repeat(32), lastName: 'MULLER-ASTROM', firstName: 'JOSE', midName: null, busName: null, general: 'PHYSICIAN (MD, DO)', specialty: null, npi: null,
      dob: '1961-02-03', address: '9 ELM ST', city: 'TROY', state: 'NY', zip: '12180', exclType: '1128a1', exclDate: '2024-06-10', reinDate: null, waiverDate: null, waiverState: null,
    };
    const open: credentialing.ExclusionMatchView = { matchId: 'c'.repeat(32), kind: 'Possible match', status: 'Open', foundAt: '2026-11-26T04:00:00.000Z', resolvedAt: null, resolvedBy: null, resolvedByName: null, note: null, evidence: null, row: lookalike, clearance: null };
    const resolved: credentialing.ExclusionMatchView = { ...open, status: 'Not the same person', resolvedAt: '2026-11-26T12:00:00.000Z', resolvedBy: STAFF_ID, resolvedByName: 'Casey Credentialer', note: 'Another date of birth', evidence: { kind: 'document', fileUrl: '/api/files/lic.pdf', fileName: 'licence.pdf' } };
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
      source: 'leie',
      rowKey: 'd'.repeat(32), lastName: 'MULLER', firstName: 'JOSE', midName: null, busName: null, general: null, specialty: null, npi: '1000000019',
      dob: null, address: null, city: null, state: 'NY', zip: null, exclType: '1128b4', exclDate: '2025-01-15', reinDate: null, waiverDate: null, waiverState: null,
    };
    fakeGateway({
      [`GET ${FILE}`]: () =>
        reply(fileFixture({ status: 'Approved', recredentialingDueOn: '2026-11-20', monitoring: { exclusion: 'Excluded', status: 'Lapsed', lapsesOn: null }, can: { edit: false, verify: false, attest: false, submit: false, decide: false, start: false } })),
      [`GET ${FILE}/exclusion-matches`]: () => ({ body: { matches: [{ matchId: 'd'.repeat(32), kind: 'Excluded', status: 'Confirmed', foundAt: '2026-11-26T04:00:00.000Z', resolvedAt: null, resolvedBy: null, resolvedByName: null, note: null, evidence: null, row }] } }),
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
      ['POST /api/v1/credentialing/invitations']: () => ({ body: { success: true, sentTo: 'j***@clinic.test', invitation: 'set-password', expiresAt: '2026-12-03T12:00:00.000Z' } }),
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
