import type { Cycle } from '../domain/credentialing-file.decider';
import { auditChecklist, drawSample } from './audit-checklist';

const verification = (credentialId: string | null, source: string, verifiedOn: string, extra: object = {}) => ({
  providerId: 'p',
  cycleId: 'c',
  verificationId: `${source}-${verifiedOn}`,
  credentialId,
  source,
  method: credentialId ? 'manual' : 'automatic',
  result: 'Verified',
  verifiedOn,
  note: null,
  evidence: null,
  discrepancies: [],
  at: `${verifiedOn}T10:00:00Z`,
  by: 'u-staff',
  ...extra,
});

const cycle = {
  cycle: 2,
  credentials: [
    { credentialId: 'lic', credential: { kind: 'stateLicense' } },
    { credentialId: 'edu', credential: { kind: 'education' } },
    { credentialId: 'work', credential: { kind: 'workHistory' } },
    { credentialId: 'mal', credential: { kind: 'malpractice' } },
  ],
  verifications: [
    verification('lic', 'State board', '2026-01-01'),
    verification('edu', 'School', '2020-01-01', { carriedOverFrom: 1 }),
    verification('mal', 'NPPES', '2026-04-01'),
    verification(null, 'NPPES', '2026-04-20'),
  ],
  attestation: { signedOn: '2025-05-01', signedBy: 'u-prov' },
  decision: { decision: 'Approved', note: '', decidedOn: '2026-05-01', decidedBy: 'u-admin' },
} as unknown as Cycle;

describe('the CR 3 checklist of a decided cycle', () => {
  it('checks each verified element, its days before the decision against 120 (attestation 365), and who', () => {
    const list = auditChecklist(cycle, { 'u-staff': 'Sam Staff', 'u-prov': 'Pat Provider' });
    expect(list.map((e) => [e.element, e.verified, e.daysBeforeDecision, e.withinWindow, e.by])).toEqual([
      ['State licence', true, 120, true, 'Sam Staff'],
      ['Education and training', true, 2312, true, 'Sam Staff'],
      // A malpractice verification at a source that does not fit it closes nothing.
      ['Malpractice insurance', false, null, false, null],
      ['NPPES (NPI)', true, 11, true, 'Sam Staff'],
      ['Sanctions and exclusions (OIG LEIE)', false, null, false, null],
      ['Attestation', true, 365, true, 'Pat Provider'],
    ]);
    expect(list[1].carriedOver).toBe(true);
    const late = auditChecklist({ ...cycle, decision: { ...cycle.decision!, decidedOn: '2026-05-02' } }, {});
    expect([late[0].withinWindow, late[5].withinWindow, late[0].by]).toEqual([false, false, 'Former user']);
  });

  it('draws the same sample for the same seed, another for another, never more than asked', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `id-${i}`);
    expect(drawSample(ids, 30, 's1')).toEqual(drawSample([...ids].reverse(), 30, 's1'));
    expect(drawSample(ids, 30, 's1')).not.toEqual(drawSample(ids, 30, 's2'));
    expect(new Set(drawSample(ids, 30, 's1')).size).toBe(30);
    expect(drawSample(ids.slice(0, 3), 30, 's1')).toHaveLength(3);
  });
});
