import { screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { AvatarMenu } from '../../shell/components/AvatarMenu';
import { SessionDialogs } from './SessionDialogs';

const REQUEST = '/api/users/requestAccount';
const RECEIVED = 'Thank you. Your request was sent to the administrator, who will review it. You will receive an email at the address you gave.';

/** Signed out, the avatar menu and the session dialogs, as the top bar has them. */
async function openFromSignUp() {
  const app = renderWithApp(
    <>
      <AvatarMenu />
      <SessionDialogs />
    </>,
  );
  await app.user.click(screen.getByRole('button', { name: 'Account menu' }));
  await app.user.click(await screen.findByRole('menuitem', { name: /Sign Up/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Request an account' });
  return { ...app, dialog };
}

async function fill(user: Awaited<ReturnType<typeof openFromSignUp>>['user'], values: Partial<Record<'Name' | 'Email' | 'Mobile' | 'NPI' | 'Practice', string>>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label, { exact: false }), value);
}

afterEach(restoreFetch);

describe("Sign Up: 'Request an account'", () => {
  it("opens the 'Request an account' dialog, not Log In, with labelled fields (NPI optional)", async () => {
    fakeGateway({});
    const { dialog } = await openFromSignUp();
    expect(screen.queryByRole('dialog', { name: 'Log In' })).toBeNull();
    for (const label of ['Name', 'Email', 'Mobile', 'Practice']) expect(within(dialog).getByLabelText(label)).toBeTruthy();
    expect(within(dialog).getByLabelText(/NPI/)).toBeTruthy();
    expect(within(dialog).getByText('(optional)')).toBeTruthy();
  });

  it('formats the mobile as xxx-xxx-xxxx, sends the request and says the administrator will review it', async () => {
    const gateway = fakeGateway({ [`POST ${REQUEST}`]: () => ({ status: 202, body: { success: true, message: RECEIVED } }) });
    const { user, dialog } = await openFromSignUp();
    await fill(user, { Name: 'Jane Doe', Email: 'jane@clinic.org', Mobile: '(202) 555 0123', Practice: 'Doe Family Clinic' });
    expect((within(dialog).getByLabelText('Mobile') as HTMLInputElement).value).toBe('202-555-0123');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('Request sent');
    expect(status.textContent).toContain('the administrator, who will review it');
    expect(gateway.callsTo(REQUEST)).toHaveLength(1);
    expect(gateway.callsTo(REQUEST)[0].body).toEqual({ name: 'Jane Doe', email: 'jane@clinic.org', mobile: '202-555-0123', npi: '', practice: 'Doe Family Clinic' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request an account' })).toBeNull());
  });

  it('names the fields at fault before sending (an NPI failing its check digit, a missing practice)', async () => {
    const gateway = fakeGateway({});
    const { user, dialog } = await openFromSignUp();
    await fill(user, { Name: 'Jane Doe', Email: 'jane@clinic.org', Mobile: '2025550123', NPI: '1234567890' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText('Invalid NPI')).toBeTruthy();
    expect(within(dialog).getByText('Invalid Practice')).toBeTruthy();
    expect(gateway.callsTo(REQUEST)).toHaveLength(0);
  });

  it("shows the server's 400 under the field it names", async () => {
    fakeGateway({ [`POST ${REQUEST}`]: () => ({ status: 400, body: { success: false, message: 'Invalid Mobile #', field: 'mobile', code: 'validation' } }) });
    const { user, dialog } = await openFromSignUp();
    await fill(user, { Name: 'Jane Doe', Email: 'jane@clinic.org', Mobile: '2025550123', Practice: 'Doe Clinic' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    const message = await within(dialog).findByText('Invalid Mobile #');
    expect(message.closest('.ant-form-item')?.querySelector('input')?.id).toBe(within(dialog).getByLabelText('Mobile').id);
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('says when too many requests came from this network (429)', async () => {
    fakeGateway({
      [`POST ${REQUEST}`]: () => ({
        status: 429,
        body: { success: false, message: 'Too many account requests from this network. Try again in 42 minutes', code: 'rate_limited' },
      }),
    });
    const { user, dialog } = await openFromSignUp();
    await fill(user, { Name: 'Jane Doe', Email: 'jane@clinic.org', Mobile: '2025550123', Practice: 'Doe Clinic' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many account requests from this network. Try again in 42 minutes');
    expect(within(dialog).getByRole('button', { name: 'Send Request' })).toBeTruthy();
  });
});
