import { defineGrid } from '@app/grid';

/** The files grid (POST /api/v1/credentialing/getFiles) over the view `credentialing_file_list`. */
export const FILES_GRID = defineGrid({
  table: 'credentialing_file_list',
  id: 'provider_id',
  fields: {
    provider: { dataType: 'string', column: 'provider' },
    npi: { dataType: 'string', column: 'npi' },
    status: { dataType: 'string', column: 'status' },
    // The Status filter: `Approved` while an approval is in force (recredentialing or not), else the cycle's status.
    standing: { dataType: 'string', column: 'standing' },
    openItems: { dataType: 'number', column: 'open_items' },
    nextExpiry: { dataType: 'date', column: 'next_expiry', columnType: 'date' },
    recredentialingDueOn: { dataType: 'date', column: 'recredentialing_due_on', columnType: 'date' },
    lastChange: { dataType: 'date', column: 'last_change' },
    // Monitoring: the exclusion finding ('Excluded', 'Possible match', 'Confirmed'),
    // exclusionFound 'Exclusion found' (filter exactMatch), and monitoring 'Expired' / 'Lapsed'.
    exclusion: { dataType: 'string', column: 'exclusion' },
    exclusionFound: { dataType: 'string', column: 'exclusion_found' },
    monitoring: { dataType: 'string', column: 'monitoring' },
    // Re-attestation every 120 days: the due date, and 'Lapsed' after it (filter exactMatch).
    attestationDueOn: { dataType: 'date', column: 'attestation_due_on', columnType: 'date' },
    attestation: { dataType: 'string', column: 'attestation' },
  },
});
