import type { RosterMapping } from '../roster-mapping';

/** The Texas Medical Board's licensee file: separate names, `ACTIVE` status words, a Y/N board-action flag. */
export const TX_ROSTER: RosterMapping = {
  state: 'TX',
  name: 'Texas Medical Board licensees',
  file: 'TMB licensee file (CSV)',
  columns: ['LIC_NBR', 'LAST_NAME', 'FIRST_NAME', 'LIC_TYPE', 'LIC_STATUS', 'LIC_ISSUE_DATE', 'LIC_EXP_DATE', 'BOARD_ACTION'],
  number: 'LIC_NBR',
  person: { last: 'LAST_NAME', first: 'FIRST_NAME' },
  type: 'LIC_TYPE',
  status: 'LIC_STATUS',
  activeStatuses: ['ACTIVE'],
  issued: 'LIC_ISSUE_DATE',
  expires: 'LIC_EXP_DATE',
  discipline: { column: 'BOARD_ACTION', yes: ['Y', 'YES'] },
};
