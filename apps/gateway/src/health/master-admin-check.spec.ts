import { masterAdminCheck } from './health.controller';

describe('readiness and the first-run master admin', () => {
  it('is down until identity has created or confirmed the master admin, so nobody is sent to a sign-in that must fail', () => {
    expect(masterAdminCheck({ status: 'pending' })).toEqual({ status: 'down', detail: 'waiting for identity to create the master admin' });
    expect(masterAdminCheck({ status: 'done' })).toEqual({ status: 'up' });
  });

  it('is degraded, naming identity\'s reason, when identity refused the configured admin', () => {
    expect(masterAdminCheck({ status: 'rejected', reason: 'User Name Taken' })).toEqual({
      status: 'degraded',
      detail: 'identity refused the master admin: User Name Taken',
    });
  });
});
