import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import type { Notification } from '../types/notification';
import { NotificationItem } from './NotificationItem';

const PROVIDER = '11111111-1111-4111-8111-111111111111';
const alert: Notification = {
  _id: 'n1',
  status: 'Unread',
  alertLevel: 'Danger',
  category: 'Credentialing',
  icon: 'SafetyCertificateOutlined',
  heading: 'Provider on the OIG exclusion list',
  body: "Mary Smith's NPI is on the OIG exclusion list (LEIE). Review the credentialing file now.",
  creationDate: '2026-12-01T10:00:00.000Z',
  providerId: PROVIDER,
};

describe('a credentialing notification', () => {
  it('opens the provider’s file when clicked, and is marked read', async () => {
    const opened: string[] = [];
    const read: string[] = [];
    const app = renderWithApp(<NotificationItem notification={alert} onMarkRead={(id) => read.push(id)} onOpenFile={(id) => opened.push(id)} />);
    await app.user.click(screen.getByRole('button', { name: /Provider on the OIG exclusion list/ }));
    expect(opened).toEqual([PROVIDER]);
    expect(read).toEqual(['n1']);
  });

  it('once resolved it shows Done, and still opens the file', async () => {
    const opened: string[] = [];
    const read: string[] = [];
    const app = renderWithApp(<NotificationItem notification={{ ...alert, status: 'Read', doneAt: '2026-12-02T10:00:00.000Z' }} onMarkRead={(id) => read.push(id)} onOpenFile={(id) => opened.push(id)} />);
    expect(screen.getByText('Done')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: /Provider on the OIG exclusion list/ }));
    expect(opened).toEqual([PROVIDER]);
    expect(read).toEqual([]);
  });
});
