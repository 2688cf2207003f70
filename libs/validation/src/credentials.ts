import { anyDateProblem, endProblem, expiryProblem, pastDateProblem } from './dates';
import { deaNumberProblem } from './dea';
import { INVALID_STATE_CODE, isUsStateCode } from './states';

/**
 * The rules a credential's fields must meet beyond their shape, one list for the web form and
 * the server (libs/contracts refines CredentialInput with it). `today` is the caller's day
 * (`yyyy-mm-dd`); `label` names a field in messages (the wire name on the server, the form's
 * label in the browser).
 */
export type CredentialRuleInput = {
  kind: string;
  state?: string | null;
  number?: string | null;
  issuedOn?: string | null;
  expiresOn?: string | null;
  startedOn?: string | null;
  endedOn?: string | null;
};

export type FieldProblem = { field: string; message: string };

/** Kinds whose `expiresOn` runs from `issuedOn` (a licence, a registration, a certification, a policy). */
const EXPIRING = new Set(['stateLicense', 'dea', 'boardCertification', 'malpractice']);

export function credentialProblems(c: CredentialRuleInput, today: string, label: (field: string) => string = (f) => f): FieldProblem[] {
  const out: FieldProblem[] = [];
  const add = (field: string, problem: string | null) => {
    if (problem && !out.some((p) => p.field === field)) out.push({ field, message: `${label(field)}: ${problem}` });
  };
  if ((c.kind === 'stateLicense' || c.kind === 'dea') && c.state) add('state', isUsStateCode(c.state) ? null : INVALID_STATE_CODE);
  if (c.kind === 'dea' && c.number) add('number', deaNumberProblem(c.number));
  if (c.kind === 'workHistory') {
    add('startedOn', pastDateProblem(c.startedOn, today));
    add('endedOn', endProblem(c.startedOn, c.endedOn, today, label('startedOn')));
    return out;
  }
  add('issuedOn', pastDateProblem(c.issuedOn, today));
  if (c.kind === 'education') {
    add('startedOn', pastDateProblem(c.startedOn, today));
    if (c.startedOn && c.issuedOn && c.issuedOn < c.startedOn) add('issuedOn', `must be on or after ${label('startedOn')}`);
  }
  if (EXPIRING.has(c.kind)) add('expiresOn', expiryProblem(c.issuedOn, c.expiresOn, label('issuedOn')));
  else add('expiresOn', anyDateProblem(c.expiresOn));
  return out;
}
