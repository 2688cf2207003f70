import { levelBgToken, levelColorToken } from './notificationLevels';

describe('notification alert levels', () => {
  it('maps each level to its antd colour token', () => {
    expect(levelColorToken('Info')).toBe('colorInfo');
    expect(levelColorToken('Success')).toBe('colorSuccess');
    expect(levelColorToken('Warning')).toBe('colorWarning');
    expect(levelColorToken('Danger')).toBe('colorError');
    expect(levelColorToken('Error')).toBe('colorError');
  });

  it('treats an unknown level as Info', () => {
    expect(levelColorToken('Critical')).toBe('colorInfo');
    expect(levelColorToken(undefined)).toBe('colorInfo');
    expect(levelColorToken('toString')).toBe('colorInfo');
  });

  it('pairs each colour with its light background token', () => {
    expect(levelBgToken('Warning')).toBe('colorWarningBg');
    expect(levelBgToken('Danger')).toBe('colorErrorBg');
    expect(levelBgToken('nope')).toBe('colorInfoBg');
  });
});
