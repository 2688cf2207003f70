import { FALLBACK_NOTIFICATION_ICON, NOTIFICATION_ICON_NAMES, notificationIconName } from './notificationIcons';

describe('notification icons', () => {
  it('renders the icons the notifications service sends by their @ant-design/icons names', () => {
    for (const name of ['SmileOutlined', 'LoginOutlined', 'LockOutlined', 'MailOutlined', 'MobileOutlined']) {
      expect(notificationIconName(name)).toBe(name);
    }
    expect(notificationIconName('  LoginOutlined ')).toBe('LoginOutlined');
  });

  it('falls back to the bell for a missing or unknown name', () => {
    expect(FALLBACK_NOTIFICATION_ICON).toBe('BellOutlined');
    expect(notificationIconName(undefined)).toBe('BellOutlined');
    expect(notificationIconName(null)).toBe('BellOutlined');
    expect(notificationIconName('')).toBe('BellOutlined');
    expect(notificationIconName('NoSuchOutlined')).toBe('BellOutlined');
    expect(notificationIconName('loginoutlined')).toBe('BellOutlined');
    expect(notificationIconName('constructor')).toBe('BellOutlined');
  });

  it('lists only icon component names, each once', () => {
    expect(new Set(NOTIFICATION_ICON_NAMES).size).toBe(NOTIFICATION_ICON_NAMES.length);
    for (const name of NOTIFICATION_ICON_NAMES) expect(name).toMatch(/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/);
  });
});
