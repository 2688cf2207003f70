import { ConfigError } from '@app/nest-kit';
import { chatCommitMode } from './config';

describe('CHAT_COMMIT', () => {
  it('waits for the WAL flush unless the operator opts out', () => {
    expect(chatCommitMode({})).toBe('sync');
    expect(chatCommitMode({ CHAT_COMMIT: 'sync' })).toBe('sync');
    expect(chatCommitMode({ CHAT_COMMIT: 'async' })).toBe('async');
  });

  it('refuses any other value at boot, naming the variable', () => {
    expect(() => chatCommitMode({ CHAT_COMMIT: 'fast' })).toThrow(ConfigError);
    expect(() => chatCommitMode({ CHAT_COMMIT: 'fast' })).toThrow(/CHAT_COMMIT: must be 'sync' or 'async'/);
  });
});
