import type { RosterMapping } from '../roster-mapping';

/** Florida's practitioner licence file: one name column `LAST, FIRST`, `CLEAR/ACTIVE` status, a discipline column. */
export const FL_ROSTER: RosterMapping = {
  state: 'FL',
  name: 'Florida Department of Health licensees',
  file: 'MQA practitioner file (CSV)',
  columns: ['License Number', 'Name', 'Profession', 'License Status', 'Original Issue Date', 'Expiration Date', 'Discipline on File'],
  number: 'License Number',
  person: { full: 'Name' },
  type: 'Profession',
  status: 'License Status',
  activeStatuses: ['CLEAR/ACTIVE', 'ACTIVE'],
  issued: 'Original Issue Date',
  expires: 'Expiration Date',
  discipline: { column: 'Discipline on File', yes: ['YES', 'Y'] },
};
