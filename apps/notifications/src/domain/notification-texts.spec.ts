import {
  describeDevice,
  emailChangedNotification,
  maskEmail,
  mobileChangedNotification,
  newSignInNotification,
  passwordChangedNotification,
  welcomeNotification,
} from './notification-texts';

const chrome = { browser: 'Chrome 139', os: 'Linux', ip: '203.0.113.5' };

describe('notification texts', () => {
  it('tells of a new sign-in with the browser, OS and IP', () => {
    expect(newSignInNotification(chrome)).toEqual({
      kind: 'new-sign-in',
      alertLevel: 'Warning',
      category: 'Security',
      icon: 'LoginOutlined',
      heading: 'New sign-in to your account',
      body: "Chrome 139 on Linux from 203.0.113.5. If this wasn't you, change your password.",
    });
  });

  it('says unknown for what the request did not tell', () => {
    expect(describeDevice({ os: 'iOS 18' })).toBe('Unknown browser on iOS 18 from unknown IP');
    expect(newSignInNotification(undefined).body).toBe("Unknown browser on unknown OS from unknown IP. If this wasn't you, change your password.");
  });

  it('welcomes a new account by its display name, else its user name', () => {
    expect(welcomeNotification({ displayName: 'Dr. Ann Lee', userName: 'alee' })).toMatchObject({
      kind: 'welcome',
      alertLevel: 'Success',
      category: 'General',
      icon: 'SmileOutlined',
      heading: 'Welcome, Dr. Ann Lee!',
    });
    expect(welcomeNotification({ displayName: '  ', userName: 'alee' }).heading).toBe('Welcome, alee!');
    expect(welcomeNotification({}).heading).toBe('Welcome!');
    expect(welcomeNotification({}).body).toMatch(/^Your account is ready\./);
  });

  it('warns of a password change or reset, naming where it came from', () => {
    expect(passwordChangedNotification('change', chrome)).toMatchObject({
      kind: 'password-changed',
      alertLevel: 'Warning',
      category: 'Security',
      icon: 'LockOutlined',
      heading: 'Your password was changed',
      body: "Your password was changed (Chrome 139 on Linux from 203.0.113.5). If this wasn't you, reset your password now.",
    });
    expect(passwordChangedNotification('reset', undefined)).toMatchObject({
      kind: 'password-reset',
      heading: 'Your password was reset',
      body: "Your password was reset with a temporary password sent to your email. If this wasn't you, reset your password now.",
    });
  });

  it('warns of an email change without spelling out the whole address', () => {
    const n = emailChangedNotification('jonathan@example.com', chrome);
    expect(n).toMatchObject({ kind: 'email-changed', alertLevel: 'Warning', category: 'Security', icon: 'MailOutlined', heading: 'Your email address was changed' });
    expect(n.body).toBe("You now sign in with jo***@example.com (Chrome 139 on Linux from 203.0.113.5). If this wasn't you, reset your password now.");
    expect(n.body).not.toContain('jonathan');
    expect(maskEmail('al@x.io')).toBe('a***@x.io');
    expect(maskEmail('broken')).toBe('***');
  });

  it('warns of a mobile change with only the last four digits', () => {
    const n = mobileChangedNotification('+1 (202) 555-0142', chrome);
    expect(n).toMatchObject({ kind: 'mobile-changed', alertLevel: 'Warning', category: 'Security', icon: 'MobileOutlined', heading: 'Your mobile number was changed' });
    expect(n.body).toBe("Sign-in codes now go to the number ending in 0142 (Chrome 139 on Linux from 203.0.113.5). If this wasn't you, reset your password now.");
  });

  it('keeps long or spaced metadata bounded and tidy', () => {
    const n = newSignInNotification({ browser: `  Very   ${'x'.repeat(200)}`, os: 'Linux', ip: '203.0.113.5' });
    expect(n.body.startsWith('Very x')).toBe(true);
    expect(n.body.length).toBeLessThan(160);
  });
});
