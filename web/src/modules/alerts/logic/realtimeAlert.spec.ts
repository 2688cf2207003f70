import type { RealtimeAlert } from '@app/contracts';
import { alertFromRealtime, realtimeHeaderIcon } from './realtimeAlert';

const signInAlert: RealtimeAlert = {
  id: '5b0c1d2e-0000-4000-8000-000000000001',
  showAlert: true,
  autoDismiss: true,
  autoDismissTime: 8000,
  headerText: 'New sign-in to your account',
  headerIcon: 'LoginOutlined',
  bodyText: "Mobile Safari 17 on iOS 17.0 from 127.0.0.1. If this wasn't you, change your password.",
};

describe('live alerts', () => {
  it('become toasts that dismiss themselves as the event says, with the time footer', () => {
    expect(alertFromRealtime(signInAlert)).toEqual({
      id: signInAlert.id,
      showAlert: true,
      autoDismiss: true,
      autoDismissTime: 8000,
      headerText: 'New sign-in to your account',
      headerIcon: 'security',
      bodyText: signInAlert.bodyText,
      showTimestamp: true,
    });
  });

  it('stay until closed when they do not auto-dismiss, and stay hidden when showAlert is false', () => {
    expect(alertFromRealtime({ ...signInAlert, autoDismiss: false })).toMatchObject({ autoDismiss: false });
    expect(alertFromRealtime({ ...signInAlert, showAlert: false })).toMatchObject({ showAlert: false });
  });

  it('keep toast icon names and map @ant-design/icons names by kind, else show the bell', () => {
    expect(realtimeHeaderIcon('warning')).toBe('warning');
    expect(realtimeHeaderIcon('Success')).toBe('success');
    expect(realtimeHeaderIcon('LockOutlined')).toBe('security');
    expect(realtimeHeaderIcon('MailOutlined')).toBe('security');
    expect(realtimeHeaderIcon('SmileOutlined')).toBe('success');
    expect(realtimeHeaderIcon('MessageOutlined')).toBe('message');
    expect(realtimeHeaderIcon('RocketOutlined')).toBe('bell');
    expect(realtimeHeaderIcon('constructor')).toBe('bell');
    expect(realtimeHeaderIcon(undefined)).toBe('bell');
  });
});
