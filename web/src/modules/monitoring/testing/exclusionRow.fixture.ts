import type { credentialing } from '@app/contracts';

/** One row of the exclusion mirror as the search answers it, for the monitoring specs. */
export const exclusionRow = (over: Partial<credentialing.ExclusionRow> = {}): credentialing.ExclusionRow => ({
  source: 'leie',
  rowKey: 'a'.repeat(32),
  lastName: 'SMITH',
  firstName: 'JOHN',
  midName: 'A',
  busName: null,
  general: 'PHYSICIAN (MD, DO)',
  specialty: 'FAMILY PRACTICE',
  npi: '1234567893',
  dob: null,
  address: '1 MAIN ST',
  city: 'ALBANY',
  state: 'NY',
  zip: '12207',
  exclType: '1128b4',
  exclDate: '2025-01-15',
  reinDate: null,
  waiverDate: null,
  waiverState: null,
  ...over,
});
