import { screen, waitFor } from '@testing-library/react';
import type { credentialing } from '@app/contracts';
import { renderWithApp } from '../../../testing/renderWithApp';
import { ResolveMatchForm, resolveMatchErrors } from './ResolveMatchForm';

const match: credentialing.ExclusionMatchView = {
  matchId: 'c'.repeat(32),
  kind: 'Possible match',
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
    rowKey: 'c'.repeat(32),
    lastName: 'OKONKWO',
    firstName: 'BARTHOLOMEW',
    midName: null,
    busName: null,
    general: 'PHYSICIAN (MD, DO)',
    specialty: null,
    npi: null,
    dob: '1961-02-03',
    address: '9 ELM ST',
    city: 'TROY',
    state: 'NY',
    zip: '12180',
    exclType: '1128a1',
    exclDate: '2024-06-10',
    reinDate: null,
    waiverDate: null,
    waiverState: null,
  },
};

describe('Resolve possible match', () => {
  it('names each missing field', () => {
    expect(resolveMatchErrors({ note: '', evidence: null })).toEqual({
      resolution: 'Resolution: choose Confirmed or Not the same person',
      note: 'Note is required',
      evidence: 'Evidence is required (a PDF or an image)',
    });
    expect(resolveMatchErrors({ resolution: 'Confirmed', note: 'x', evidence: new File(['x'], 'a.txt', { type: 'text/plain' }) })).toEqual({ evidence: 'Evidence: a PDF, PNG or JPEG file' });
  });

  it('shows the matched row, keeps Resolve disabled until valid, then sends resolution, note and evidence', async () => {
    const sent: unknown[] = [];
    const resolved: credentialing.ExclusionMatchView[][] = [];
    const resolve = async (providerId: string, matchId: string, input: { resolution: credentialing.MatchResolution; note: string; evidence: File }) => {
      sent.push({ providerId, matchId, resolution: input.resolution, note: input.note, file: input.evidence.name });
      return { matches: [{ ...match, status: input.resolution, note: input.note }] };
    };
    const app = renderWithApp(<ResolveMatchForm providerId="p1" match={match} onResolved={(m) => resolved.push(m)} resolve={resolve} />);
    expect(screen.getByText('OKONKWO, BARTHOLOMEW')).toBeTruthy();
    expect(screen.getByText('02/03/1961')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Resolve' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await app.user.click(screen.getByLabelText('Not the same person'));
    await app.user.type(screen.getByLabelText('Note'), 'Different date of birth on the licence');
    expect(button.hasAttribute('disabled')).toBe(true);
    await app.user.upload(screen.getByLabelText('Evidence'), new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await app.user.click(button);
    await waitFor(() => expect(sent).toEqual([{ providerId: 'p1', matchId: match.matchId, resolution: 'Not the same person', note: 'Different date of birth on the licence', file: 'licence.pdf' }]));
    expect(resolved[0][0].status).toBe('Not the same person');
  });
});
