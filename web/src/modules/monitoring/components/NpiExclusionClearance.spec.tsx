import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import type { credentialing } from '@app/contracts';
import { alertsAtom } from '../../alerts/state/alertsAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { clearanceRequestErrors } from './ClearanceRequestForm';
import { ExclusionMatchesCard } from './ExclusionMatchesCard';

const PROVIDER = '11111111-1111-4111-8111-111111111111';
const STAFF = { ...masterAdminUser, _id: '22222222-2222-4222-8222-222222222222', isMasterAdmin: false };
const OTHER_ADMIN = { ...masterAdminUser, _id: '33333333-3333-4333-8333-333333333333' };
const MATCHES = `/api/v1/credentialing/files/${PROVIDER}/exclusion-matches`;

const npiMatch: credentialing.ExclusionMatchView = {
  matchId: 'a'.repeat(32),
  kind: 'Excluded',
  status: 'Open',
  foundAt: '2026-11-26T04:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  resolvedByName: null,
  note: null,
  evidence: null,
  clearance: null,
  row: {
    source: 'leie',
    rowKey: 'a'.repeat(32),
    lastName: 'SOMEONE',
    firstName: 'ELSE',
    midName: null,
    busName: null,
    general: null,
    specialty: null,
    npi: '1234567893',
    dob: null,
    address: null,
    city: null,
    state: 'FL',
    zip: null,
    exclType: '1128b4',
    exclDate: '2025-01-15',
    reinDate: null,
    waiverDate: null,
    waiverState: null,
  },
};
const pending: credentialing.ExclusionMatchView = {
  ...npiMatch,
  clearance: {
    reason: 'OIG reinstatement',
    note: 'Reinstated by OIG',
    evidence: { kind: 'document', fileUrl: '/api/files/rein.pdf', fileName: 'reinstatement.pdf' },
    requestedBy: masterAdminUser._id,
    requestedByName: 'Morgan Admin',
    requestedAt: '2026-12-01T10:00:00.000Z',
    status: 'Pending',
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    decisionNote: null,
  },
};

function renderCard(user: typeof masterAdminUser, matches: credentialing.ExclusionMatchView[], routes: Parameters<typeof fakeGateway>[0] = {}) {
  const gateway = fakeGateway({ [`GET ${MATCHES}`]: () => ({ body: { matches } }), ...routes });
  const store = createStore();
  store.set(signedInUserAtom, user);
  const app = renderWithApp(<ExclusionMatchesCard providerId={PROVIDER} canResolve onResolved={() => undefined} />, { store });
  return { app, gateway };
}

afterEach(restoreFetch);

describe('an NPI exclusion cannot be dismissed like a possible match', () => {
  it('names each missing field of a clearance request', () => {
    expect(clearanceRequestErrors({ note: '', evidence: null })).toEqual({
      reason: 'Reason: choose OIG reinstatement or Corrected listing',
      note: 'Note is required',
      evidence: 'Evidence is required (the OIG reinstatement or the corrected listing, a PDF or an image)',
    });
    expect(clearanceRequestErrors({ reason: 'Corrected listing', note: 'x', evidence: new File(['x'], 'a.txt', { type: 'text/plain' }) })).toEqual({ evidence: 'Evidence: a PDF, PNG or JPEG file' });
  });

  it('staff see the NPI match without any resolve form: only the master admin clears it', async () => {
    renderCard(STAFF, [npiMatch]);
    await screen.findByText(/only the master admin clears it/);
    expect(screen.queryByRole('form', { name: 'Resolve possible match' })).toBeNull();
    expect(screen.queryByLabelText('Not the same person')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Clear NPI exclusion' })).toBeNull();
  });

  it('the master admin requests the clearance with a reason, a note and the evidence', async () => {
    const { app, gateway } = renderCard(masterAdminUser, [npiMatch], { [`POST ${MATCHES}/${npiMatch.matchId}/clearance`]: () => ({ body: { matches: [pending] } }) });
    await screen.findByRole('form', { name: 'Clear NPI exclusion' });
    expect(screen.queryByLabelText('Not the same person')).toBeNull();
    const send = screen.getByRole('button', { name: 'Request clearance' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await app.user.click(screen.getByLabelText('OIG reinstatement'));
    await app.user.type(screen.getByLabelText('Clearance note'), 'Reinstated by OIG');
    await app.user.upload(screen.getByLabelText('Clearance evidence'), new File(['%PDF-1.4'], 'reinstatement.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    await app.user.click(send);
    await waitFor(() => expect(gateway.callsTo(`${MATCHES}/${npiMatch.matchId}/clearance`)).toHaveLength(1));
    expect(gateway.callsTo(`${MATCHES}/${npiMatch.matchId}/clearance`)[0].body).toEqual({ reason: 'OIG reinstatement', note: 'Reinstated by OIG', evidence: 'file:reinstatement.pdf' });
    await screen.findByText('Clearance pending confirmation');
    expect(app.store.get(alertsAtom).map((a) => a.bodyText)).toEqual(['Clearance requested: a second person must confirm it.']);
  });

  it('the one who asked cannot confirm: they may only withdraw it', async () => {
    renderCard(masterAdminUser, [pending]);
    await screen.findByText('Clearance pending confirmation');
    // Who asked, by name (never "you").
    expect(screen.getByText(/asked 12\/01\/2026 by Morgan Admin/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm clearance' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('a second person (staff or another master admin) confirms it', async () => {
    const cleared: credentialing.ExclusionMatchView = { ...pending, status: 'Cleared with evidence', clearance: { ...pending.clearance!, status: 'Confirmed', decidedBy: STAFF._id, decidedByName: 'Casey Credentialer', decidedAt: '2026-12-01T11:00:00.000Z' } };
    for (const user of [STAFF, OTHER_ADMIN]) {
      const { app, gateway } = renderCard(user, [pending], { [`POST ${MATCHES}/${npiMatch.matchId}/clearance/decision`]: () => ({ body: { matches: [cleared] } }) });
      await app.user.click(await screen.findByRole('button', { name: 'Confirm clearance' }));
      await app.user.click(await screen.findByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(gateway.callsTo(`${MATCHES}/${npiMatch.matchId}/clearance/decision`).map((c) => c.body)).toEqual([{ decision: 'Confirm' }]));
      await waitFor(() => expect(app.store.get(alertsAtom).map((a) => a.bodyText)).toEqual(['Clearance confirmed: the NPI exclusion no longer stands.']));
      app.unmount();
      restoreFetch();
    }
  });
});
