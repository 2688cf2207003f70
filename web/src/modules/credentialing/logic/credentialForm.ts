import { credentialing } from '@app/contracts';
import { DEA_SCHEDULES, INVALID_STATE_CODE, credentialProblems, deaNumberProblem, isUsStateCode, localDay, sortDeaSchedules } from '@app/validation';
import type { CredentialView } from '../api/credentialingApi';
import { toShownDate, toWireDate } from './dates';

export type CredentialKind = credentialing.CredentialKind;

type FieldType = 'text' | 'state' | 'date' | 'select' | 'multi' | 'money' | 'dea' | 'multiline';

/** One field of a credential form: its wire name, label, type, whether it is required. */
export type CredentialField = { name: string; label: string; type: FieldType; required: boolean; options?: readonly string[]; max?: number; placeholder?: string };

const text = (name: string, label: string, max: number, required = true): CredentialField => ({ name, label, type: 'text', required, max });
const date = (name: string, label: string, required = true): CredentialField => ({ name, label, type: 'date', required, placeholder: 'mm/dd/yyyy' });
const state: CredentialField = { name: 'state', label: 'State', type: 'state', required: true, max: 2, placeholder: 'NY' };

/** The kinds in the order the file shows them, with their titles and fields (libs/contracts credentialing CredentialInput). */
export const CREDENTIAL_KINDS: ReadonlyArray<{ kind: CredentialKind; title: string; single: string; fields: readonly CredentialField[] }> = [
  {
    kind: 'stateLicense',
    title: 'State Licenses',
    single: 'State License',
    fields: [
      state,
      text('number', 'License Number', 40),
      text('licenseType', 'License Type', 80),
      { name: 'status', label: 'Status', type: 'select', required: true, options: credentialing.LICENSE_STATUSES },
      date('issuedOn', 'Issue Date'),
      date('expiresOn', 'Expiration Date'),
    ],
  },
  {
    kind: 'dea',
    title: 'DEA Registrations',
    single: 'DEA Registration',
    fields: [
      { name: 'number', label: 'DEA Number', type: 'dea', required: true, max: 9, placeholder: 'AB1234563' },
      { name: 'schedules', label: 'Schedules', type: 'multi', required: true, options: DEA_SCHEDULES },
      state,
      date('issuedOn', 'Issue Date'),
      date('expiresOn', 'Expiration Date'),
    ],
  },
  {
    kind: 'boardCertification',
    title: 'Board Certifications',
    single: 'Board Certification',
    fields: [
      text('board', 'Board', 120),
      text('specialty', 'Specialty', 120),
      { name: 'status', label: 'Status', type: 'select', required: true, options: credentialing.BOARD_STATUSES },
      date('issuedOn', 'Issue Date'),
      date('expiresOn', 'Expiration Date', false),
    ],
  },
  {
    kind: 'malpractice',
    title: 'Malpractice Insurance',
    single: 'Malpractice Insurance',
    fields: [
      text('carrier', 'Carrier', 120),
      text('policyNumber', 'Policy Number', 60),
      { name: 'perClaimCoverage', label: 'Per-Claim Coverage ($)', type: 'money', required: true },
      { name: 'aggregateCoverage', label: 'Aggregate Coverage ($)', type: 'money', required: true },
      date('issuedOn', 'Effective Date'),
      date('expiresOn', 'Expiration Date'),
    ],
  },
  {
    kind: 'education',
    title: 'Education and Training',
    single: 'Education or Training',
    fields: [text('institution', 'Institution', 160), text('degree', 'Degree or Programme', 120), date('startedOn', 'Start Date', false), date('issuedOn', 'Completion Date')],
  },
  {
    kind: 'workHistory',
    title: 'Work History',
    single: 'Work History Entry',
    fields: [
      text('employer', 'Employer', 160),
      text('position', 'Position', 120, false),
      date('startedOn', 'Start Date'),
      date('endedOn', 'End Date', false),
      { name: 'gapExplanation', label: 'Gap Explanation', type: 'multiline', required: false, max: 1000 },
    ],
  },
];

export function kindInfo(kind: CredentialKind) {
  return CREDENTIAL_KINDS.find((k) => k.kind === kind)!;
}

export type CredentialValues = Record<string, string>;

/** Empty values of a kind's form. */
export function emptyValues(kind: CredentialKind): CredentialValues {
  return Object.fromEntries(kindInfo(kind).fields.map((f) => [f.name, '']));
}

/** A stored credential as its form's values (dates shown as mm/dd/yyyy, schedules comma-joined). */
export function valuesOf(credential: CredentialView): CredentialValues {
  const record = credential as unknown as Record<string, unknown>;
  return Object.fromEntries(
    kindInfo(credential.kind).fields.map((f) => {
      const value = record[f.name];
      if (value === undefined || value === null) return [f.name, ''];
      if (f.type === 'date') return [f.name, toShownDate(String(value))];
      if (Array.isArray(value)) return [f.name, value.join(',')];
      return [f.name, String(value)];
    }),
  );
}

/** The message of one field, or null when it is acceptable (messages name the field). */
export function fieldError(field: CredentialField, value: string): string | null {
  const v = value.trim();
  if (!v) return field.required ? `${field.label} is required` : null;
  if (field.max && v.length > field.max) return `${field.label}: at most ${field.max} characters`;
  switch (field.type) {
    case 'date':
      return toWireDate(v) ? null : `${field.label}: use mm/dd/yyyy`;
    case 'state':
      return isUsStateCode(v) ? null : `${field.label}: ${INVALID_STATE_CODE}`;
    case 'dea': {
      const problem = deaNumberProblem(v);
      return problem ? `${field.label}: ${problem}` : null;
    }
    case 'money':
      return /^\d{1,12}$/.test(v.replace(/[$,]/g, '')) && Number(v.replace(/[$,]/g, '')) > 0 ? null : `${field.label}: whole dollars, more than 0`;
    case 'select':
    case 'multi':
      return v.split(',').every((x) => field.options?.includes(x)) ? null : `${field.label}: one of ${field.options?.join(', ')}`;
    default:
      return null;
  }
}

/**
 * Every field's message, then the rules shared with the server (libs/validation: no issue or
 * start in the future or before 1900, an expiry at most 15 years after issue, an end after its
 * start) against `today` on the browser's calendar.
 */
export function credentialErrors(kind: CredentialKind, values: CredentialValues, today: string = localDay()): Record<string, string> {
  const errors: Record<string, string> = {};
  const fields = kindInfo(kind).fields;
  for (const field of fields) {
    const message = fieldError(field, values[field.name] ?? '');
    if (message) errors[field.name] = message;
  }
  const wire: Record<string, string> & { kind: string } = { kind };
  for (const field of fields) if (!errors[field.name] && field.type === 'date') wire[field.name] = toWireDate(values[field.name] ?? '') ?? '';
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  for (const problem of credentialProblems(wire, today, label)) {
    if (!errors[problem.field] && fields.some((f) => f.name === problem.field)) errors[problem.field] = problem.message;
  }
  return errors;
}

/** The wire fields of a valid form: dates yyyy-mm-dd, codes upper-cased, dollars as digits; blanks left out. */
export function credentialPayload(kind: CredentialKind, values: CredentialValues): Record<string, string> {
  const payload: Record<string, string> = { kind };
  for (const field of kindInfo(kind).fields) {
    const v = (values[field.name] ?? '').trim();
    if (!v) continue;
    if (field.type === 'date') payload[field.name] = toWireDate(v) ?? v;
    else if (field.type === 'state' || field.type === 'dea') payload[field.name] = v.toUpperCase();
    else if (field.type === 'multi') payload[field.name] = sortDeaSchedules(v.split(',').filter(Boolean)).join(',');
    else if (field.type === 'money') payload[field.name] = v.replace(/[$,]/g, '');
    else payload[field.name] = v;
  }
  return payload;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** One line naming the credential (what it is), and its dates line. */
export function credentialSummary(c: CredentialView): { title: string; detail: string } {
  switch (c.kind) {
    case 'stateLicense':
      return { title: `${c.state} ${c.licenseType} licence ${c.number}`, detail: `Status ${c.status}` };
    case 'dea':
      return { title: `DEA ${c.number} (${c.state})`, detail: `Schedules ${sortDeaSchedules(c.schedules).join(', ')}` };
    case 'boardCertification':
      return { title: `${c.board}: ${c.specialty}`, detail: `Status ${c.status}` };
    case 'malpractice':
      return { title: `${c.carrier}, policy ${c.policyNumber}`, detail: `${money.format(c.perClaimCoverage)} per claim / ${money.format(c.aggregateCoverage)} aggregate` };
    case 'education':
      return { title: `${c.degree}, ${c.institution}`, detail: c.startedOn ? `${toShownDate(c.startedOn)} – ${toShownDate(c.issuedOn)}` : `Completed ${toShownDate(c.issuedOn)}` };
    case 'workHistory':
      return {
        title: c.position ? `${c.position}, ${c.employer}` : c.employer,
        detail: `${toShownDate(c.startedOn)} – ${c.endedOn ? toShownDate(c.endedOn) : 'present'}${c.gapExplanation ? ` · Gap: ${c.gapExplanation}` : ''}`,
      };
  }
}

/** The issue and expiry dates a credential shows (work history and education show theirs in the detail). */
export function credentialDates(c: CredentialView): { issuedOn: string | null; expiresOn: string | null } {
  if (c.kind === 'workHistory' || c.kind === 'education') return { issuedOn: null, expiresOn: null };
  return { issuedOn: c.issuedOn, expiresOn: c.expiresOn ?? null };
}
