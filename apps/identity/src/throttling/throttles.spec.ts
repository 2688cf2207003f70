import { retryMessage } from './throttles';

describe('retry messages', () => {
  it("adds when to retry to the dialog's own message, in minutes rounded up (seconds below a minute)", () => {
    expect(retryMessage('Incorrect Code', 900)).toBe('Incorrect Code. Try again in 15 minutes');
    expect(retryMessage('Incorrect Code', 61)).toBe('Incorrect Code. Try again in 2 minutes');
    expect(retryMessage('Incorrect Code', 60)).toBe('Incorrect Code. Try again in 1 minute');
    expect(retryMessage('Incorrect Code', 2)).toBe('Incorrect Code. Try again in 2 seconds');
    expect(retryMessage('Invalid Code', 0.2)).toBe('Invalid Code. Try again in 1 second');
  });
});
