import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { credentialing } from '@app/contracts';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { CommitteeRoleTags } from './CommitteeRoleTags';
import { CommitteeScreen } from './CommitteeScreen';
import { FileFlags } from './FileFlags';
import { MeetingScreen } from './MeetingScreen';

afterEach(restoreFetch);

const md = { ...masterAdminUser, _id: 'b1b1b1b1-0000-4000-8000-000000000001', isMasterAdmin: false, isAdmin: false, isProvider: false };
const ids = { clean1: 'c1c1c1c1-0000-4000-8000-000000000001', clean2: 'c1c1c1c1-0000-4000-8000-000000000002', flagged: 'f1f1f1f1-0000-4000-8000-000000000001', meeting: 'a1a1a1a1-0000-4000-8000-000000000001' };
const flag: credentialing.FileFlag = { code: 'unfavourable-attestation', message: 'Unfavourable attestation answer: limitations of privileges or disciplinary actions', item: { kind: 'attestation' } };
const entry = (providerId: string, provider: string, flags: credentialing.FileFlag[] = []): credentialing.QueueEntry => ({
  providerId,
  cycleId: 'cycle',
  provider,
  npi: '1234567893',
  submittedOn: '2026-12-01',
  route: flags.length ? 'flagged' : 'clean',
  flags,
  meetingId: null,
});
const roles = (me: Partial<credentialing.CommitteeRolesReply['me']>) => ({
  body: {
    success: true,
    members: [
      { userId: md._id, name: 'Mia Director', committeeMember: false, medicalDirector: true },
      { userId: 'm1', name: 'Max Member', committeeMember: true, medicalDirector: false },
      { userId: 'm2', name: 'Meg Member', committeeMember: true, medicalDirector: false },
    ],
    me: { committeeMember: false, medicalDirector: false, masterAdmin: false, ...me },
  },
});

function renderQueue(me: Partial<credentialing.CommitteeRolesReply['me']>) {
  const store = createStore();
  store.set(signedInUserAtom, md);
  const gateway = fakeGateway({
    'GET /api/v1/credentialing/committee/roles': () => roles(me),
    'GET /api/v1/credentialing/committee/queue': () => ({ body: { success: true, clean: [entry(ids.clean1, 'Clean, Cara'), entry(ids.clean2, 'Clean, Cody')], flagged: [entry(ids.flagged, 'Flag, Fay', [flag])] } }),
    'GET /api/v1/credentialing/committee/meetings': () => ({ body: { success: true, meetings: [{ meetingId: ids.meeting, meetsOn: '2026-12-10', quorum: 3, present: 3, files: 1, decided: 1, minutes: true }] } }),
    'POST /api/v1/credentialing/committee/clean-approvals': (call) => ({ body: { success: true, approved: (call.body as { providerIds: string[] }).providerIds.map((providerId) => ({ providerId, letterId: 'l' })) } }),
  });
  return { app: renderWithApp(<CommitteeScreen />, { store }), gateway };
}

describe('the committee queue', () => {
  it('lets the Medical Director approve the selected clean files in a batch', async () => {
    const { app, gateway } = renderQueue({ medicalDirector: true });
    const clean = screen.getByLabelText('Clean files');
    await within(clean).findByText('Clean, Cara');
    const boxes = within(clean).getAllByRole('checkbox');
    await app.user.click(boxes[1]);
    await app.user.click(boxes[2]);
    await app.user.click(within(clean).getByRole('button', { name: /Approve selected \(2\)/ }));
    await waitFor(() => expect(gateway.callsTo('/api/v1/credentialing/committee/clean-approvals').map((c) => c.body)).toEqual([{ providerIds: [ids.clean1, ids.clean2] }]));
    expect(await screen.findByText('2 clean files approved.')).toBeTruthy();
  });

  it('shows the flagged files with their flags, and no approval to a member who is not the Medical Director', async () => {
    renderQueue({ committeeMember: true });
    const flagged = screen.getByLabelText('Flagged files');
    expect(await within(flagged).findByText('Flag, Fay')).toBeTruthy();
    expect(within(flagged).getByText(flag.message)).toBeTruthy();
    expect(within(flagged).getByText('Unfavourable attestation answer')).toBeTruthy();
    expect(await screen.findByText('The Medical Director approves clean files')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve selected/ })).toBeNull();
    expect(await screen.findByText('2026-12-10')).toBeTruthy();
  });
});

const meeting = (over: Partial<credentialing.MeetingView> = {}): credentialing.MeetingView => ({
  meetingId: ids.meeting,
  meetsOn: '2026-12-10',
  quorum: 3,
  present: [],
  quorumMet: false,
  agenda: [
    {
      providerId: ids.flagged,
      cycleId: 'cycle',
      provider: 'Flag, Fay',
      npi: '1234567893',
      flags: [flag],
      summary: { status: 'Committee Review', credentials: ['State licence NY Z123456 · Active'], verifications: ['State board: Verified on 2026-12-01'], attestation: 'Signed 2026-12-01 by Fay Flag' },
      outcome: null,
    },
  ],
  minutes: [],
  createdAt: '2026-12-01T10:00:00.000Z',
  createdBy: 'Mia Director',
  ...over,
});

describe('the meeting page', () => {
  it('records the attendance, an outcome per file, and generates and downloads the minutes', async () => {
    const store = createStore();
    store.set(signedInUserAtom, md);
    let current = meeting();
    const gateway = fakeGateway({
      'GET /api/v1/credentialing/committee/roles': () => roles({ medicalDirector: true }),
      [`GET /api/v1/credentialing/committee/meetings/${ids.meeting}`]: () => ({ body: { success: true, meeting: current } }),
      [`PUT /api/v1/credentialing/committee/meetings/${ids.meeting}/attendance`]: () => {
        current = { ...current, present: [{ userId: md._id, name: 'Mia Director' }, { userId: 'm1', name: 'Max Member' }, { userId: 'm2', name: 'Meg Member' }], quorumMet: true };
        return { body: { success: true, meeting: current } };
      },
      [`POST /api/v1/credentialing/committee/meetings/${ids.meeting}/outcomes/${ids.flagged}`]: (call) => {
        const o = call.body as credentialing.OutcomeInput;
        current = { ...current, agenda: [{ ...current.agenda[0], outcome: { outcome: o.outcome, meetingId: ids.meeting, conditions: null, followUpOn: null, reasons: o.reasons, note: o.note ?? null, questions: o.questions ?? null, at: '', by: md._id, byName: 'Mia Director' } }] };
        return { body: { success: true, meeting: current } };
      },
      [`POST /api/v1/credentialing/committee/meetings/${ids.meeting}/minutes`]: () => {
        current = { ...current, minutes: [{ minutesId: 'x', generatedAt: '', generatedBy: 'Mia Director' }] };
        return { body: { success: true, meeting: current } };
      },
    });
    const app = renderWithApp(null, { store, routes: [{ path: '/committee/meetings/:meetingId', element: <MeetingScreen /> }], path: `/committee/meetings/${ids.meeting}` });
    expect(await screen.findByText('No quorum (0 of 3)')).toBeTruthy();
    expect(screen.getByText(flag.message)).toBeTruthy();
    expect(screen.getByText('State licence NY Z123456 · Active')).toBeTruthy();
    await app.user.click(screen.getByRole('combobox', { name: 'Members present' }));
    for (const name of ['Mia Director (Medical Director)', 'Max Member', 'Meg Member']) await app.user.click(await screen.findByTitle(name));
    await app.user.click(screen.getByRole('button', { name: 'Save Attendance' }));
    expect(await screen.findByText('Quorum met (3 of 3)')).toBeTruthy();
    expect(gateway.callsTo(`/api/v1/credentialing/committee/meetings/${ids.meeting}/attendance`)[0].body).toEqual({ present: [md._id, 'm1', 'm2'] });

    await app.user.click(screen.getAllByRole('combobox', { name: 'Outcome' })[0]);
    await app.user.click(await screen.findByTitle('Deferred to staff'));
    await app.user.type(await screen.findByLabelText('Questions to staff'), 'Send the proctoring report');
    await app.user.click(screen.getByRole('button', { name: 'Record Outcome' }));
    expect(await screen.findByText('Deferred to staff (recorded by Mia Director)')).toBeTruthy();
    expect(gateway.callsTo(`/api/v1/credentialing/committee/meetings/${ids.meeting}/outcomes/${ids.flagged}`)[0].body).toEqual({ outcome: 'defer', reasons: [], questions: 'Send the proctoring report' });

    expect((screen.getByRole('button', { name: 'Download Minutes (PDF)' }) as HTMLButtonElement).disabled).toBe(true);
    await app.user.click(screen.getByRole('button', { name: 'Generate Minutes' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Download Minutes (PDF)' }) as HTMLButtonElement).disabled).toBe(false));
  });
});

describe('flags at the top of the file', () => {
  it('lists each flag linking to its item; a clean file says so', async () => {
    renderWithApp(
      <FileFlags
        committee={{ route: 'flagged', flags: [flag, { code: 'discrepancy', message: 'Discrepancy at State board for State licence NY Z1', item: { kind: 'verification', verificationId: 'v1' } }], outcomes: [] }}
        verifications={[{ verificationId: 'v1', credentialId: 'lic' }]}
      />,
    );
    expect(screen.getByText('Flagged for the committee (2)')).toBeTruthy();
    expect(screen.getByText(flag.message).closest('a')?.getAttribute('href')).toBe('#attestation');
    expect(screen.getByText('Discrepancy at State board for State licence NY Z1').closest('a')?.getAttribute('href')).toBe('#credential-lic');
  });

  it('says a clean file may be approved by the Medical Director alone', () => {
    renderWithApp(<FileFlags committee={{ route: 'clean', flags: [], outcomes: [] }} verifications={[]} />);
    expect(screen.getByText('Clean file: the Medical Director may approve it alone')).toBeTruthy();
  });
});

describe("the user's profile lists the committee roles", () => {
  it('shows Committee member and Medical Director for a designated user', async () => {
    const store = createStore();
    store.set(signedInUserAtom, masterAdminUser);
    fakeGateway({ 'GET /api/v1/credentialing/committee/roles': () => roles({ masterAdmin: true }) });
    renderWithApp(<CommitteeRoleTags userId={md._id} />, { store });
    expect(await screen.findByText('Medical Director')).toBeTruthy();
    expect(screen.queryByText('Committee member')).toBeNull();
  });
});
