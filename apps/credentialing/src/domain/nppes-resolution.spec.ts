import { credentialing } from '@app/contracts';
import { DomainError } from '@app/errors';
import { approvalInForce, cyclesOf, type CredentialingCommand, type FileActor } from './credentialing-file.decider';
import type { CredentialFields, CredentialingEvent, Discrepancy } from './credentialing-file.events';
import { openItems } from './open-items';
import { runCommands, stateOf } from './testing/run-commands';

/** Given/when/then over the decider: the NPPES discrepancy's resolution, sources that fit, recredentialing, the history. */
const providerId = '11111111-1111-4111-8111-111111111111';
const staff: FileActor = { userId: '33333333-3333-4333-8333-333333333333', role: 'staff' };
const admin: FileActor = { userId: '99999999-9999-4999-8999-999999999999', role: 'masterAdmin' };
const provider: FileActor = { userId: providerId, role: 'provider' };
const when = (day: string) => new Date(`${day}T12:00:00.000Z`);
const DAY = '2026-03-02';

const id = (n: number) => `b0000000-0000-4000-8000-00000000000${n}`;
const LICENCE: CredentialFields = { kind: 'stateLicense', state: 'TX', number: '12345', licenseType: 'MD', status: 'Active', issuedOn: '2015-01-01', expiresOn: '2030-01-01', documents: [] };
const CREDENTIALS: Record<string, CredentialFields> = {
  [id(1)]: LICENCE,
  [id(2)]: { kind: 'malpractice', carrier: 'MedPro', policyNumber: 'P-1', perClaimCoverage: 1_000_000, aggregateCoverage: 3_000_000, issuedOn: '2025-01-01', expiresOn: '2030-01-01', documents: [] },
  [id(3)]: { kind: 'education', institution: 'UTSW', degree: 'MD', issuedOn: '2010-05-01', documents: [] },
  [id(4)]: { kind: 'workHistory', employer: 'Clinic', startedOn: '2015-01-01', documents: [] },
};
const SOURCE: Record<string, credentialing.VerificationSource> = { [id(1)]: 'State board', [id(2)]: 'Malpractice carrier', [id(3)]: 'School' };
const doc = { kind: 'document' as const, fileUrl: '/api/files/e.pdf', fileName: 'e.pdf' };

const cmd = {
  start: (day = DAY, cycleId = 'c1'): CredentialingCommand => ({ type: 'StartFile', data: { providerId, actor: staff, now: when(day), cycleId } }),
  declare: (): CredentialingCommand => ({ type: 'DeclareApplication', data: { providerId, actor: provider, now: when(DAY), hasDea: false, hasBoardCertification: false } }),
  add: (n: string): CredentialingCommand => ({ type: 'AddCredential', data: { providerId, actor: provider, now: when(DAY), credentialId: n, credential: CREDENTIALS[n] } }),
  verify: (n: string, source = SOURCE[n], day = DAY, actor = staff): CredentialingCommand => ({
    type: 'RecordVerification',
    data: { providerId, actor, now: when(day), verificationId: `v-${n}-${day}-${source}`, credentialId: n, source, method: 'manual', result: 'Verified', verifiedOn: day, note: null, evidence: doc, discrepancies: [] },
  }),
  nppes: (discrepancies: Discrepancy[], day = DAY, result: credentialing.VerificationResult = discrepancies.length ? 'Discrepancy' : 'Verified'): CredentialingCommand => ({
    type: 'RecordVerification',
    data: { providerId, actor: staff, now: when(day), verificationId: `nppes-${day}`, credentialId: null, source: 'NPPES', method: 'automatic', result, verifiedOn: day, note: null, evidence: null, discrepancies },
  }),
  resolve: (note = 'The Texas Medical Board lists the licence; NPPES is self-reported', evidence: typeof doc | null = null, actor = staff, day = DAY): CredentialingCommand => ({
    type: 'ResolveNppesDiscrepancy',
    data: { providerId, actor, now: when(day), note, evidence },
  }),
  attest: (day = DAY): CredentialingCommand => ({
    type: 'SignAttestation',
    data: {
      providerId,
      actor: provider,
      now: when(day),
      attestation: { unableToPerformEssentialFunctions: false, illegalDrugUse: false, lossOfLicenseOrFelony: false, limitationsOrDisciplinaryActions: false, currentMalpracticeCoverage: true, signature: 'Ann Smith', signedOn: day },
    },
  }),
  submit: (day = DAY): CredentialingCommand => ({ type: 'SubmitFile', data: { providerId, actor: staff, now: when(day) } }),
  decide: (decision: credentialing.Decision = 'Approved', day = DAY): CredentialingCommand => ({ type: 'DecideFile', data: { providerId, actor: admin, now: when(day), decision, note: 'Committee', reasons: decision === 'Denied' ? ['criteria-not-met'] : [], letterId: '00000000-0000-4000-8000-000000000001' } }),
};

const run = runCommands;
const items = (events: CredentialingEvent[], day = DAY) => openItems(stateOf(events).current!, day).map((i) => i.message);
const fails = (events: CredentialingEvent[], c: CredentialingCommand) => {
  try {
    run([c], events);
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a refusal');
};
const fieldOf = (e: DomainError) => e.field;

const missingTx: Discrepancy = { field: 'stateLicense TX 12345', file: 'TX 12345', source: 'CA A1', credentialId: id(1) };
/** Everything but the NPPES check: application, four credentials verified at fitting sources, the attestation. */
const prepared = () => run([cmd.start(), cmd.declare(), ...Object.keys(CREDENTIALS).map(cmd.add), cmd.verify(id(1)), cmd.verify(id(2)), cmd.verify(id(3)), cmd.attest()]);

describe('the verification source must fit the credential', () => {
  const file = () => run([cmd.start(), ...Object.keys(CREDENTIALS).map(cmd.add)]);

  it('refuses a malpractice policy verified by a school, 400 naming source, and records nothing', () => {
    const e = fails(file(), cmd.verify(id(2), 'School'));
    expect(e.kind).toBe('validation');
    expect(fieldOf(e)).toBe('source');
    expect(e.message).toBe('source: a malpractice insurance is verified by Malpractice carrier or NPDB, not School');
  });

  it('refuses NPPES and OIG LEIE by hand (automatic only) and any source for work history', () => {
    expect(fails(file(), cmd.verify(id(1), 'NPPES')).message).toMatch(/NPPES is checked automatically/);
    expect(fieldOf(fails(file(), cmd.verify(id(3), 'OIG LEIE')))).toBe('source');
    expect(fails(file(), cmd.verify(id(4), 'Other')).message).toMatch(/work history is reviewed, not verified at a source/);
  });

  it('accepts every source of the table for its kind, and only those', () => {
    for (const [kind, allowed] of Object.entries(credentialing.SOURCES_OF_KIND)) {
      for (const source of credentialing.VERIFICATION_SOURCES) expect([kind, source, credentialing.sourceFits(kind as credentialing.CredentialKind, source)]).toEqual([kind, source, allowed.includes(source)]);
    }
    for (const source of credentialing.SOURCES_OF_KIND.education) expect(run([cmd.verify(id(3), source)], file()).at(-1)).toMatchObject({ type: 'VerificationRecorded', data: { source } });
    expect(run([cmd.verify(id(2), 'NPDB')], file()).at(-1)).toMatchObject({ data: { source: 'NPDB' } });
  });

  it('a verification recorded earlier at a source that does not fit closes nothing', () => {
    const events = file();
    const c = stateOf(events).current!;
    const wrong: CredentialingEvent = {
      type: 'VerificationRecorded',
      data: { providerId, cycleId: c.cycleId, verificationId: 'old', credentialId: id(2), source: 'School', method: 'manual', result: 'Verified', verifiedOn: DAY, note: null, evidence: doc, discrepancies: [], at: when(DAY).toISOString(), by: staff.userId },
    };
    expect(items([...events, wrong])).toContain('Malpractice insurance MedPro P-1: not verified');
  });
});

describe('an NPPES discrepancy is resolved by staff with the state board’s verification', () => {
  it('says exactly what to do for a licence the registry does not list', () => {
    const noBoard = run([cmd.start(), cmd.declare(), ...Object.keys(CREDENTIALS).map(cmd.add), cmd.nppes([missingTx])]);
    expect(items(noBoard)).toContain("NPPES check: the registry does not list licence TX 12345; resolve it with the state board's verification of that licence");
    const e = fails(noBoard, cmd.resolve());
    expect([e.kind, fieldOf(e), e.message]).toEqual(['conflict', 'credentialId', 'Licence TX 12345 has no current Verified state board verification: verify it at the state board first (source State board)']);
    const board = run([cmd.verify(id(1))], noBoard);
    expect(items(board)).toContain('NPPES check: the registry does not list licence TX 12345; the state board verified it: resolve the discrepancy with a note');
  });

  it('closes the open item and lets the file go to the committee and be approved', () => {
    const events = run([cmd.nppes([missingTx])], prepared());
    expect(() => run([cmd.submit()], events)).toThrow(/NPPES check: the registry does not list licence TX 12345/);
    const resolved = run([cmd.resolve()], events);
    expect(resolved.at(-1)).toEqual({
      type: 'NppesDiscrepancyResolved',
      data: {
        providerId,
        cycleId: 'c1',
        verificationId: `nppes-${DAY}`,
        note: 'The Texas Medical Board lists the licence; NPPES is self-reported',
        evidence: null,
        licences: [{ credentialId: id(1), verificationId: `v-${id(1)}-${DAY}-State board` }],
        at: when(DAY).toISOString(),
        by: staff.userId,
      },
    });
    expect(items(resolved)).toEqual([]);
    expect(stateOf(run([cmd.submit(), cmd.decide()], resolved)).current?.status).toBe('Approved');
  });

  it('refuses the provider (403), a second resolution and a file without a discrepancy (409), a blank note (400)', () => {
    const events = run([cmd.nppes([missingTx])], prepared());
    expect(fails(events, cmd.resolve('x', null, provider)).kind).toBe('forbidden');
    expect(fails(run([cmd.resolve()], events), cmd.resolve()).message).toBe('This NPPES discrepancy is already resolved');
    expect(fails(run([cmd.nppes([])], prepared()), cmd.resolve()).kind).toBe('conflict');
    expect(fieldOf(fails(events, cmd.resolve('   ')))).toBe('note');
  });

  it('a deactivated or unknown NPI is not resolved by hand; a name needs a document', () => {
    const deactivated = run([cmd.nppes([{ field: 'npiStatus', file: 'Active', source: 'Deactivated on 2025-01-01' }])], prepared());
    expect(items(deactivated)).toContain('NPPES check: the registry lists the NPI as Deactivated on 2025-01-01: the NPI must be reactivated in NPPES, then run the checks again');
    expect(fieldOf(fails(deactivated, cmd.resolve()))).toBe('npi');
    const name: Discrepancy = { field: 'lastName', file: 'Smith', source: 'Jones' };
    const named = run([cmd.nppes([name])], prepared());
    expect(fieldOf(fails(named, cmd.resolve()))).toBe('evidence');
    expect(items(run([cmd.resolve('Married name; certificate attached', doc)], named))).toEqual([]);
  });

  it('a licence changed after the resolution opens the item again', () => {
    const resolved = run([cmd.nppes([missingTx]), cmd.resolve()], prepared());
    const changed = run([{ type: 'UpdateCredential', data: { providerId, actor: staff, now: when('2026-03-03'), credentialId: id(1), credential: { ...LICENCE, licenseType: 'DO' } as CredentialFields } }], resolved);
    expect(items(changed, '2026-03-03')).toContain('NPPES check: licence TX 12345 changed after the discrepancy was resolved: run the checks again');
  });
});

describe('recredentialing keeps the approval in force and education verified', () => {
  const approved = () => run([cmd.nppes([]), cmd.submit(), cmd.decide()], prepared());
  const later = '2028-12-01';

  it('the approval and its due date stay in force until the new decision; every cycle is listed', () => {
    const cycle2 = run([cmd.start(later, 'c2')], approved());
    const state = stateOf(cycle2);
    expect(state.current?.status).toBe('Not Started');
    expect(approvalInForce(state)).toEqual({ cycle: 1, decidedOn: DAY, recredentialingDueOn: '2029-03-02' });
    expect(cyclesOf(state).map((c) => [c.cycle, c.status, c.decision?.decision ?? null, c.recredentialingDueOn])).toEqual([
      [1, 'Approved', 'Approved', '2029-03-02'],
      [2, 'Not Started', null, null],
    ]);
    const denied = run([cmd.nppes([], later), cmd.verify(id(1), 'State board', later), cmd.verify(id(2), 'Malpractice carrier', later), cmd.attest(later), cmd.submit(later), cmd.decide('Denied', later)], cycle2);
    expect(approvalInForce(stateOf(denied))).toBeNull();
  });

  it('an education verification of cycle 1 satisfies cycle 2 (not redone); licence and malpractice are re-verified', () => {
    const cycle2 = run([cmd.start(later, 'c2')], approved());
    const open = items(cycle2, later);
    expect(open).toContain('State licence TX 12345: not verified');
    expect(open).toContain('Malpractice insurance MedPro P-1: not verified');
    expect(open.filter((m) => m.startsWith('Education'))).toEqual([]);
    expect(stateOf(cycle2).current?.verifications).toEqual([expect.objectContaining({ credentialId: id(3), source: 'School', carriedOverFrom: 1 })]);
  });
});

describe('the history lists every change with who and when', () => {
  it('one line per change: application, credentials, verifications, the NPPES resolution, attestation, decision', () => {
    const events = run(
      [
        { type: 'AddCredential', data: { providerId, actor: staff, now: when(DAY), credentialId: id(5), credential: { kind: 'workHistory', employer: 'Locum', startedOn: '2016-01-01', documents: [] } } },
        { type: 'RemoveCredential', data: { providerId, actor: staff, now: when(DAY), credentialId: id(5) } },
        cmd.nppes([missingTx]),
        cmd.resolve(),
        cmd.submit(),
        cmd.decide(),
      ],
      prepared(),
    );
    const lines = (stateOf(events).activity ?? []).map((a) => `${a.by === staff.userId ? 'staff' : a.by === admin.userId ? 'admin' : 'provider'}: ${a.what}`);
    expect(lines).toEqual([
      'staff: Started initial credentialing',
      'provider: Status Not Started → Application: Application started',
      'provider: Answered the application: DEA registration no, board certification no',
      'provider: Added State licence TX 12345',
      'provider: Added Malpractice insurance MedPro P-1',
      'provider: Added Education and training UTSW',
      'provider: Added Work history Clinic',
      'staff: Status Application → Verification: Verification started',
      'staff: Verified State licence TX 12345 at State board (manual): Verified',
      'staff: Verified Malpractice insurance MedPro P-1 at Malpractice carrier (manual): Verified',
      'staff: Verified Education and training UTSW at School (manual): Verified',
      'provider: Signed the attestation',
      'staff: Added Work history Locum',
      'staff: Removed Work history Locum',
      'staff: NPPES check (automatic): Discrepancy (State licence TX 12345)',
      "staff: Resolved the NPPES discrepancy with the state board's verification of State licence TX 12345",
      'staff: Status Verification → Committee Review: Submitted to the committee',
      'staff: Routed to a committee meeting, flagged: Discrepancy at NPPES for the NPPES check: stateLicense TX 12345',
      'admin: Committee decision: Approved (recredentialing due 2029-03-02)',
      'admin: Status Committee Review → Approved: Committee decision: Approved',
    ]);
    expect((stateOf(events).activity ?? []).every((a) => a.at === when(DAY).toISOString() && a.cycle === 1)).toBe(true);
  });
});
