import type { MedicaidMapping } from '../medicaid-mapping';

/** California Medi-Cal's Suspended and Ineligible Provider List: separate name columns, no NPI (matched by name and state), a suspension date. */
export const CA_MEDICAID: MedicaidMapping = {
  state: 'CA',
  name: 'California Medi-Cal suspended and ineligible providers',
  file: 'S&I list (CSV)',
  columns: ['Last Name', 'First Name', 'Middle Name', 'Provider Type', 'License Number', 'Provider Number', 'Address', 'Date of Suspension', 'Active Period'],
  person: { last: 'Last Name', first: 'First Name', middle: 'Middle Name' },
  providerType: 'Provider Type',
  licence: 'License Number',
  address: 'Address',
  start: 'Date of Suspension',
  noDate: ['Indefinitely', 'N/A'],
};
