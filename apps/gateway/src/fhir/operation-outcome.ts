import type { ErrorBody } from '../http/http-exception.filter';

/** The FHIR API's own paths: every answer there, errors included, is FHIR JSON. */
export const isFhirPath = (path: string) => path === '/fhir' || path.startsWith('/fhir/');
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The OperationOutcome issue code of an HTTP status (FHIR R4 issue-type). */
function issueCode(status: number, body: ErrorBody): string {
  if (status === 400) return /not a supported search parameter|not supported/.test(body.message) ? 'not-supported' : 'invalid';
  const codes: Record<number, string> = { 401: 'login', 403: 'forbidden', 404: 'not-found', 405: 'not-supported', 413: 'too-costly', 429: 'throttled', 503: 'transient' };
  return codes[status] ?? 'exception';
}

/** A failure of the FHIR API as an OperationOutcome (the field, when named, as the issue's expression). */
export function operationOutcomeOf(status: number, body: ErrorBody) {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: issueCode(status, body), diagnostics: body.message, ...(body.field ? { expression: [body.field] } : {}) }],
  };
}
