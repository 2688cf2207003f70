import type { MedicaidMapping } from '../medicaid-mapping';

/** New York OMIG's Medicaid exclusion list: one name column `LAST, FIRST`, NPI, licence, dates mm/dd/yyyy. */
export const NY_MEDICAID: MedicaidMapping = {
  state: 'NY',
  name: 'New York Medicaid exclusions (OMIG)',
  file: 'OMIG exclusion list (CSV)',
  columns: ['PROVIDER NAME', 'BUSINESS NAME', 'NPI', 'LICENSE NUMBER', 'PROVIDER TYPE', 'ACTION TYPE', 'EFFECTIVE DATE', 'REINSTATEMENT DATE', 'CITY', 'ZIP'],
  person: { full: 'PROVIDER NAME' },
  business: 'BUSINESS NAME',
  npi: 'NPI',
  licence: 'LICENSE NUMBER',
  providerType: 'PROVIDER TYPE',
  action: 'ACTION TYPE',
  start: 'EFFECTIVE DATE',
  end: 'REINSTATEMENT DATE',
  city: 'CITY',
  zip: 'ZIP',
};
