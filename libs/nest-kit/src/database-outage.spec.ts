import { isDatabaseOutage } from './database-outage';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database outage classification', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET')],
    ['admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['starting up', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['pg without a code', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped in a cause', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
    ['inside an AggregateError', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
  ])('is an outage: %s', (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['nothing', undefined],
  ])('is not an outage: %s', (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(false);
  });
});
