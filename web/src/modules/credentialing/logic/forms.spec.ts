import { credentialing } from '@app/contracts';
import type { CredentialView } from '../api/credentialingApi';
import { CREDENTIAL_KINDS, credentialErrors, credentialPayload, emptyValues, valuesOf } from './credentialForm';
import { attestationErrors, attestationPayload, type AttestationValues, decisionErrors, documentError, nppesResolutionErrors, sourcesOf, verificationErrors } from './otherForms';
import { statusSteps } from './fileStatus';

const TODAY = '2026-11-26';

describe('credential forms', () => {
  it('have a form for each kind of the contract', () => {
    expect(CREDENTIAL_KINDS.map((k) => k.kind).sort()).toEqual([...credentialing.CREDENTIAL_KINDS].sort());
  });

  it('name the field in every message', () => {
    expect(credentialErrors('stateLicense', emptyValues('stateLicense'))).toEqual({
      state: 'State is required',
      number: 'License Number is required',
      licenseType: 'License Type is required',
      status: 'Status is required',
      issuedOn: 'Issue Date is required',
      expiresOn: 'Expiration Date is required',
    });
    const dea = credentialErrors('dea', { number: 'X1', schedules: '2,9', state: 'N', issuedOn: '1/1/2020', expiresOn: '2030-01-01' }, TODAY);
    expect(dea).toEqual({
      number: 'DEA Number: a DEA number is two letters and seven digits',
      schedules: 'Schedules: one of 1, 2, 2N, 3, 3N, 4, 5',
      state: 'State: a US state, DC or territory (two-letter code)',
      expiresOn: 'Expiration Date: use mm/dd/yyyy',
    });
    expect(credentialErrors('malpractice', { carrier: 'M', policyNumber: 'P', perClaimCoverage: '0', aggregateCoverage: '1.5', issuedOn: '01/01/2026', expiresOn: '12/31/2026' })).toEqual({
      perClaimCoverage: 'Per-Claim Coverage ($): whole dollars, more than 0',
      aggregateCoverage: 'Aggregate Coverage ($): whole dollars, more than 0',
    });
    expect(credentialErrors('workHistory', { employer: 'Clinic', position: '', startedOn: '07/01/2012', endedOn: '06/30/2012', gapExplanation: '' }, TODAY)).toEqual({
      endedOn: 'End Date: must be on or after Start Date',
    });
  });

  it('apply the rules the server applies: dates, states, DEA check digit (the inline errors before sending)', () => {
    const licence = { state: 'NY', number: 'Z1', licenseType: 'MD', status: 'Active', issuedOn: '06/01/2015', expiresOn: '06/01/2030' };
    expect(credentialErrors('stateLicense', licence, TODAY)).toEqual({});
    expect(credentialErrors('stateLicense', { ...licence, issuedOn: '01/01/2030', expiresOn: '01/01/2032' }, TODAY)).toEqual({ issuedOn: 'Issue Date: cannot be in the future' });
    expect(credentialErrors('stateLicense', { ...licence, issuedOn: '01/01/2000', expiresOn: '01/02/2015' }, TODAY)).toEqual({ expiresOn: 'Expiration Date: at most 15 years after Issue Date' });
    expect(credentialErrors('stateLicense', { ...licence, state: 'ZZ' }, TODAY)).toEqual({ state: 'State: a US state, DC or territory (two-letter code)' });
    const dea = { number: 'AB1234563', schedules: '3,2', state: 'NY', issuedOn: '01/01/2025', expiresOn: '01/01/2028' };
    expect(credentialErrors('dea', dea, TODAY)).toEqual({});
    expect(credentialErrors('dea', { ...dea, number: 'AB1234567' }, TODAY)).toEqual({ number: 'DEA Number: this DEA number fails its check digit: check it for a typing mistake' });
    expect(credentialErrors('dea', { ...dea, number: 'ZB1234563' }, TODAY).number).toMatch(/^DEA Number: a DEA number starts with a registrant type/);
    expect(credentialErrors('workHistory', { employer: 'Clinic', position: '', startedOn: '12/01/2026', endedOn: '', gapExplanation: '' }, TODAY)).toEqual({ startedOn: 'Start Date: cannot be in the future' });
    expect(credentialErrors('education', { institution: 'U', degree: 'MD', startedOn: '', issuedOn: '05/01/2027' }, TODAY)).toEqual({ issuedOn: 'Completion Date: cannot be in the future' });
    expect(credentialPayload('dea', dea).schedules).toBe('2,3');
  });

  it('send the wire fields: dates yyyy-mm-dd, codes upper-cased, dollars as digits, blanks left out; the contract accepts them', () => {
    const licence = credentialPayload('stateLicense', { state: 'ny', number: 'Z1', licenseType: 'MD', status: 'Active', issuedOn: '6/1/2015', expiresOn: '06/01/2030' });
    expect(licence).toEqual({ kind: 'stateLicense', state: 'NY', number: 'Z1', licenseType: 'MD', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2030-06-01' });
    const malpractice = credentialPayload('malpractice', { carrier: 'MedPro', policyNumber: 'P-77', perClaimCoverage: '$1,000,000', aggregateCoverage: '3000000', issuedOn: '01/01/2026', expiresOn: '12/31/2026' });
    expect(malpractice.perClaimCoverage).toBe('1000000');
    const work = credentialPayload('workHistory', { employer: 'Clinic', position: '', startedOn: '07/01/2012', endedOn: '', gapExplanation: '' });
    expect(work).toEqual({ kind: 'workHistory', employer: 'Clinic', startedOn: '2012-07-01' });
    for (const payload of [licence, malpractice, work]) expect(credentialing.CredentialInput.safeParse(payload).success).toBe(true);
  });

  it('fill the form of a stored credential', () => {
    const dea = { kind: 'dea', credentialId: 'd', number: 'AB1234563', schedules: ['2', '3N'], state: 'NY', issuedOn: '2020-01-01', expiresOn: '2027-01-01', documents: [], addedOn: '', changedAt: '' } as CredentialView;
    expect(valuesOf(dea)).toEqual({ number: 'AB1234563', schedules: '2,3N', state: 'NY', issuedOn: '01/01/2020', expiresOn: '01/01/2027' });
  });
});

describe('verification, attestation and decision forms', () => {
  const pdf = new File(['%PDF'], 'e.pdf', { type: 'application/pdf' });

  it('a manual verification needs its evidence, a PDF or an image', () => {
    expect(verificationErrors({ source: 'State board', result: 'Verified', verifiedOn: '11/26/2026', note: '' }, null, TODAY)).toEqual({ evidence: 'Evidence is required (a PDF or an image)' });
    expect(documentError('Evidence', new File(['x'], 'e.txt', { type: 'text/plain' }), true)).toBe('Evidence: a PDF, PNG or JPEG file');
    expect(verificationErrors({ source: '', result: 'Maybe', verifiedOn: '11/27/2026', note: '' }, pdf, TODAY)).toEqual({
      source: 'Source is required',
      result: 'Result is required',
      verifiedOn: 'Verification Date cannot be in the future',
    });
  });

  it('a verification names a source that fits the credential, from the one table the server uses', () => {
    const values = { source: 'School', result: 'Verified', verifiedOn: '11/26/2026', note: '' };
    expect(verificationErrors(values, pdf, TODAY, 'malpractice')).toEqual({ source: 'Source: a malpractice insurance is verified by Malpractice carrier or NPDB, not School' });
    expect(verificationErrors(values, pdf, TODAY, 'education')).toEqual({});
    expect(sourcesOf('stateLicense')).toEqual(['State board']);
    expect(sourcesOf('dea')).toEqual(['DEA', 'State CDS authority']);
    expect(nppesResolutionErrors({ note: ' ' }, null, true)).toEqual({ note: 'Note is required: say how the discrepancy was resolved', evidence: 'Evidence is required (a PDF or an image)' });
    expect(nppesResolutionErrors({ note: 'Board lists it' }, null, false)).toEqual({});
  });

  it('the attestation: every question answered, an explanation for an unfavourable answer, a signature and a date', () => {
    const values: AttestationValues = {
      unableToPerformEssentialFunctions: 'no',
      illegalDrugUse: 'no',
      lossOfLicenseOrFelony: 'no',
      limitationsOrDisciplinaryActions: 'no',
      currentMalpracticeCoverage: '',
      explanation: '',
      signature: '',
      signedOn: '11/26/2026',
    };
    expect(attestationErrors(values, TODAY)).toEqual({ currentMalpracticeCoverage: 'Question 5: answer yes or no', signature: 'Signature (your full name) is required' });
    expect(attestationErrors({ ...values, currentMalpracticeCoverage: 'no', signature: 'J' }, TODAY)).toEqual({
      explanation: 'Explanation is required when an answer needs one',
      signature: 'Signature: type your full name (at least two letters)',
    });
    expect(attestationErrors({ ...values, currentMalpracticeCoverage: 'yes', signature: 'Jo Lee', signedOn: '11/27/2026' }, TODAY)).toEqual({ signedOn: 'Date cannot be in the future' });
    const ok = { ...values, currentMalpracticeCoverage: 'yes' as const, signature: ' José ' };
    expect(attestationErrors(ok, TODAY)).toEqual({});
    const payload = attestationPayload(ok);
    expect(payload).toEqual({ ...payload, currentMalpracticeCoverage: true, illegalDrugUse: false, signature: 'José', signedOn: '2026-11-26', explanation: undefined });
    expect(credentialing.AttestationInput.safeParse(payload).success).toBe(true);
  });

  it('the decision: Approved or Denied, with a note', () => {
    expect(decisionErrors({ decision: '', note: ' ' })).toEqual({ decision: 'Decision: Approved or Denied', note: 'Note is required' });
    expect(decisionErrors({ decision: 'Denied', note: 'Licence suspended', reasons: ['licence-action'] })).toEqual({});
    expect(decisionErrors({ decision: 'Denied', note: 'Licence suspended', reasons: [] })).toEqual({ reasons: 'Reasons: a denial names at least one reason' });
    expect(decisionErrors({ decision: 'Approved', note: 'Monthly committee', reasons: [] })).toEqual({});
  });

  it('the status steps end with the decision', () => {
    expect(statusSteps('Not Started')).toEqual({ titles: ['Not Started', 'Application', 'Verification', 'Committee Review', 'Approved'], current: 0, error: false });
    expect(statusSteps('Denied')).toMatchObject({ titles: ['Not Started', 'Application', 'Verification', 'Committee Review', 'Denied'], current: 4, error: true });
  });
});
