import { configure, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway } from '../../../testing/renderWithApp';
import { FILE, render, reply } from '../testing/credentialingFileHarness';
import { fileFixture, PROVIDER_ID, STAFF_ID, TODAY, useFakeDay } from '../testing/file.fixture';

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

useFakeDay(TODAY);

const ADMIN_ID = '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a77';

describe('CredentialingFile: verification sources, the NPPES resolution, recredentialing, the history', () => {
  it('the verification drawer offers only the sources that fit the credential', async () => {
    fakeGateway({ [`GET ${FILE}`]: () => reply(fileFixture()) });
    const { user } = render(STAFF_ID);
    const malpractice = await screen.findByRole('group', { name: 'MedPro, policy P-77' });
    await user.click(within(malpractice).getByRole('button', { name: 'Verify' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('combobox', { name: 'Source' }));
    const options = Array.from(document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')).map((o) => o.textContent);
    expect(options).toEqual(['Malpractice carrier', 'NPDB']);
  });

  it('staff resolve the NPPES discrepancy with a note; the check then shows who resolved it, by name', async () => {
    const check = fileFixture().verifications[1];
    const resolved = fileFixture({
      verifications: [
        fileFixture().verifications[0],
        { ...check, resolution: { resolvedAt: '2026-11-26T12:00:00.000Z', resolvedBy: STAFF_ID, note: 'The NY board lists Z999999', evidence: null, licences: [{ credentialId: 'l1', verificationId: 'v1' }] } },
      ],
    });
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(fileFixture()), [`POST ${FILE}/nppes-resolution`]: () => reply(resolved) });
    const { user } = render(STAFF_ID);
    const nppes = await screen.findByRole('group', { name: 'NPPES verification' });
    expect(within(nppes).getByText(/NPPES · automatic · 11\/21\/2026 · by Casey Credentialer/)).toBeTruthy();
    await user.click(within(nppes).getByRole('button', { name: 'Resolve Discrepancy' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('list', { name: 'Differences to resolve' }).textContent).toBe('State licence NY Z999999: file says NY Z999999, registry says NY Z1');
    const resolve = within(drawer).getByRole('button', { name: 'Resolve Discrepancy' });
    expect(resolve).toHaveProperty('disabled', true);
    await user.type(within(drawer).getByLabelText('Note'), 'The NY board lists Z999999');
    await waitFor(() => expect(resolve).toHaveProperty('disabled', false));
    await user.click(resolve);
    const resolution = await within(await screen.findByRole('group', { name: 'NPPES verification' })).findByRole('note', { name: 'Resolution' });
    expect(resolution.textContent).toBe("Resolved by Casey Credentialer on 11/26/2026 with the state board's verification of the licence: The NY board lists Z999999");
    expect(fake.callsTo(`${FILE}/nppes-resolution`)[0].body).toEqual({ note: 'The NY board lists Z999999' });
    expect(screen.queryByRole('button', { name: 'Resolve Discrepancy' })).toBeNull();
  });

  it('recredentialing asks for confirmation; the approval in force stays visible, every cycle and every change are listed with names', async () => {
    const approved = fileFixture({
      status: 'Approved',
      openItems: [],
      decision: { decision: 'Approved', note: 'Committee', decidedOn: '2026-11-20', decidedBy: ADMIN_ID },
      recredentialingDueOn: '2029-11-20',
      people: { [STAFF_ID]: 'Casey Credentialer', [ADMIN_ID]: 'Morgan Admin', [PROVIDER_ID]: 'José Müller-Åström' },
      can: { edit: false, verify: false, attest: false, submit: false, decide: false, start: true },
    });
    const cycle2 = fileFixture({
      cycle: 2,
      cycleId: 'c2',
      status: 'Not Started',
      startedOn: TODAY,
      openItems: [],
      approvalInForce: { cycle: 1, decidedOn: '2026-11-20', recredentialingDueOn: '2029-11-20' },
      cycles: [
        { cycle: 1, cycleId: 'c1', status: 'Approved', startedOn: '2026-11-01', decision: { decision: 'Approved', decidedOn: '2026-11-20', decidedBy: ADMIN_ID }, recredentialingDueOn: '2029-11-20' },
        { cycle: 2, cycleId: 'c2', status: 'Not Started', startedOn: TODAY, decision: null, recredentialingDueOn: null },
      ],
      activity: [
        { at: '2026-11-02T10:00:00Z', by: PROVIDER_ID, cycle: 1, what: 'Added State licence NY Z999999' },
        { at: '2026-11-20T10:00:00Z', by: ADMIN_ID, cycle: 1, what: 'Committee decision: Approved (recredentialing due 2029-11-20)' },
        { at: '2026-11-26T12:00:00Z', by: STAFF_ID, cycle: 2, what: 'Started recredentialing (cycle 2)' },
      ],
      people: { [STAFF_ID]: 'Casey Credentialer', [ADMIN_ID]: 'Morgan Admin', [PROVIDER_ID]: 'José Müller-Åström' },
    });
    const fake = fakeGateway({ [`GET ${FILE}`]: () => reply(approved), ['PUT /api/v1/credentialing/files']: () => reply(cycle2) });
    const { user } = render(STAFF_ID);
    await user.click(await screen.findByRole('button', { name: /Start Recredentialing$/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(/The approval stays in force until the new decision/)).toBeTruthy();
    expect(fake.callsTo('/api/v1/credentialing/files')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: /Start Recredentialing/ }));
    const inForce = await screen.findByRole('status', { name: 'Approval in force' });
    expect(inForce.textContent).toBe('Approved on 11/20/2026 (cycle 1), in force until the new decision. Recredentialing due on 11/20/2029.');
    const cycles = screen.getByLabelText('Cycles');
    expect(within(cycles).getByLabelText('Cycle 1').textContent).toBe('Cycle 1 · initial credentialingApprovedstarted 11/01/2026· Approved on 11/20/2026 by Morgan Admin· recredentialing due 11/20/2029');
    expect(within(cycles).getByLabelText('Cycle 2').textContent).toBe('Cycle 2 · recredentialingNot Startedstarted 11/26/2026');
    const history = within(screen.getByLabelText('History')).getAllByRole('group', { name: 'History entry' }).map((g) => g.textContent?.replace(/ \d{2}:\d{2}.*?·/, ' ·'));
    expect(history).toEqual([
      'Started recredentialing (cycle 2)11/26/2026 · Casey Credentialer · cycle 2',
      'Committee decision: Approved (recredentialing due 11/20/2029)11/20/2026 · Morgan Admin · cycle 1',
      'Added State licence NY Z999999' + '11/02/2026 · José Müller-Åström · cycle 1',
    ]);
  });
});
