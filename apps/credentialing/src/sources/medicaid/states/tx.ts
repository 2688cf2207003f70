import type { MedicaidMapping } from '../medicaid-mapping';

/** Texas HHS-OIG's exclusion list: separate names or a company, NPI, licence, start and reinstatement dates. */
export const TX_MEDICAID: MedicaidMapping = {
  state: 'TX',
  name: 'Texas Medicaid exclusions (HHS-OIG)',
  file: 'TX exclusions (CSV)',
  columns: ['LastName', 'FirstName', 'MidInitial', 'CompanyName', 'NPI', 'LicenseNumber', 'Occupation', 'StartDate', 'ReinstatedDate', 'WebComments'],
  person: { last: 'LastName', first: 'FirstName', middle: 'MidInitial' },
  business: 'CompanyName',
  npi: 'NPI',
  licence: 'LicenseNumber',
  providerType: 'Occupation',
  start: 'StartDate',
  end: 'ReinstatedDate',
  noDate: ['N/A'],
};
