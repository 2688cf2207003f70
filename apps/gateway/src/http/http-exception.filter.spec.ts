import {
  Conflict,
  DOMAIN_ERROR_KINDS,
  DomainError,
  Forbidden,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
  ValidationFailed,
  errorFromWire,
  errorToWire,
  isErrorWire,
  INTERNAL_ERROR_WIRE,
} from '@app/nest-kit';
import { HTTP_STATUS_OF_KIND, HttpFailure, toErrorResponse } from './http-exception.filter';

/** A domain error crosses NATS as its wire form and is answered by the gateway's filter. */
function answerAfterRpc(e: DomainError) {
  const wire = JSON.parse(JSON.stringify(errorToWire(e)));
  expect(isErrorWire(wire)).toBe(true);
  return toErrorResponse(errorFromWire(wire));
}

/** What each error answered before the domain errors lost their HTTP status: unchanged. */
const TODAY: ReadonlyArray<readonly [DomainError, number, Record<string, unknown>, number | undefined]> = [
  [new ValidationFailed('email', 'Invalid email'), 400, { success: false, message: 'Invalid email', field: 'email', code: 'validation' }, undefined],
  [new Unauthorized(), 401, { success: false, message: 'Unauthorized', code: 'unauthorized' }, undefined],
  [new Unauthorized('Incorrect Code', 'challenge_closed'), 401, { success: false, message: 'Incorrect Code', code: 'challenge_closed' }, undefined],
  [new Forbidden(), 403, { success: false, message: 'Forbidden', code: 'forbidden' }, undefined],
  [new Forbidden('Confirm your password first', 'reauthentication_required'), 403, { success: false, message: 'Confirm your password first', code: 'reauthentication_required' }, undefined],
  [new NotFound('Account not found'), 404, { success: false, message: 'Account not found', code: 'not_found' }, undefined],
  [new Conflict('Email already in use', 'email'), 409, { success: false, message: 'Email already in use', field: 'email', code: 'conflict' }, undefined],
  [new TooManyRequests('Try again later', 42), 429, { success: false, message: 'Try again later', code: 'rate_limited' }, 42],
  [new ServiceUnavailable(), 503, { success: false, message: 'Service unavailable', code: 'unavailable' }, 2],
];

describe('domain errors as HTTP answers (the gateway maps the kind)', () => {
  it.each(TODAY.map(([error, status, body, retryAfter]) => [`${error.name}(${error.code})`, status, error, body, retryAfter] as const))(
    '%s → %i with the same body, thrown in the gateway or in a service',
    (_name, status, error, body, retryAfter) => {
      for (const answer of [toErrorResponse(error), answerAfterRpc(error)]) {
        expect(answer.status).toBe(status);
        expect(answer.body).toEqual(body);
        expect(answer.retryAfter).toBe(retryAfter);
      }
    },
  );

  it('has one status for every kind, and domain errors carry none', () => {
    expect(Object.keys(HTTP_STATUS_OF_KIND).sort()).toEqual([...DOMAIN_ERROR_KINDS].sort());
    const e = new Conflict('x');
    expect(e).not.toHaveProperty('statusCode');
    expect(e).not.toHaveProperty('status');
    expect(errorToWire(e)).toEqual({ kind: 'conflict', message: 'x', code: 'conflict' });
  });

  it('answers an unexpected service failure with 500 and no details, and refuses a reply of another shape', () => {
    const wire = JSON.parse(JSON.stringify(INTERNAL_ERROR_WIRE));
    expect(isErrorWire(wire)).toBe(true);
    expect(errorFromWire(wire)).toBeUndefined();
    expect(toErrorResponse(new HttpFailure(500, wire.message, undefined, wire.code))).toEqual({
      status: 500,
      body: { success: false, message: 'Internal server error', code: 'internal' },
    });
    expect(isErrorWire({ statusCode: 400, message: 'old shape' })).toBe(false);
    expect(isErrorWire({ kind: 'teapot', message: 'x' })).toBe(false);
    expect(toErrorResponse(new Error('boom')).status).toBe(500);
  });

  it('keeps gateway-only HTTP failures (413) as they are', () => {
    expect(toErrorResponse(new HttpFailure(413, 'File too large', 'file', 'too_large'))).toEqual({
      status: 413,
      body: { success: false, message: 'File too large', field: 'file', code: 'too_large' },
    });
  });
});
