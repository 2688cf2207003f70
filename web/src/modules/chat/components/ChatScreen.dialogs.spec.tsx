import { act, screen, waitFor, within } from '@testing-library/react';
import { chatScreenTimersAndSocket, gateway, list, renderChat, room } from '../testing/chatScreenHarness';

// ChatScreen.spec.tsx's dialogs (New Chat, New Group Chat, the participants drawer), in a file of
// its own so that each file stays short (ChatScreen.room.spec.tsx: deleting, paging, reconnects, a narrow window).

/** The app's realtime connection on a fake socket, so the spec can push events as the gateway does. */
jest.mock('../../realtime/api/realtimeClient', () => jest.requireActual('../testing/fakeRealtimeClient').fakeRealtimeClient);

chatScreenTimersAndSocket();

describe('the chat screen', () => {
  it('starts a DM from New Chat: oneself just closes it, an existing partner opens the existing DM, someone new starts one', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    const openNewChat = async () => {
      await user.click(screen.getByRole('button', { name: 'New Chat' }));
      return screen.findByRole('dialog', { name: 'New Chat' });
    };
    const pick = async (drawer: HTMLElement, term: string, name: string) => {
      await user.click(within(drawer).getByRole('textbox', { name: 'Search Users' }));
      await user.paste(term);
      act(() => jest.advanceTimersByTime(300));
      await user.click(await within(drawer).findByRole('button', { name }));
    };

    await pick(await openNewChat(), 'ann', 'Ann Lee @ann');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Chat' })).toBeNull());
    expect(gateway.callsTo('/api/users/initiateChat')).toHaveLength(0);

    await pick(await openNewChat(), 'cy', 'Cy Diaz @cy');
    await screen.findByRole('region', { name: 'Chat room Cy Diaz' });
    expect(gateway.callsTo('/api/users/initiateChat')).toHaveLength(0);

    await pick(await openNewChat(), 'dee', 'Dee Fox @dee');
    await screen.findByRole('region', { name: 'Chat room Dee Fox' });
    expect(gateway.callsTo('/api/users/initiateChat')[0].body).toEqual({ senderId: 'u-ann', recipientId: 'u-dee', recipientUserName: 'dee' });
    expect(within(list()).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Dee Fox', 'Bob Roe', 'Cy Diaz']);
  }, 300_000);

  it('creates a group in New Group Chat: name, members found by search (removable), the creator as Chat Creator', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    await user.click(screen.getByRole('tab', { name: 'Group Chats' }));
    await screen.findByRole('region', { name: 'Chat room Board' });
    await user.click(screen.getByRole('button', { name: 'New Group Chat' }));
    const drawer = await screen.findByRole('dialog', { name: 'New Group Chat' });
    const create = within(drawer).getByRole('button', { name: 'Create Chat' });
    expect(create.hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByText('Chat Creator').closest('li')?.textContent).toContain('Ann Lee');

    await user.click(within(drawer).getByRole('textbox', { name: 'Group Name' }));
    await user.paste('Credentialing');
    for (const [term, name] of [
      ['cy', 'Cy Diaz @cy'],
      ['dee', 'Dee Fox @dee'],
    ]) {
      const search = within(drawer).getByRole('textbox', { name: 'Search Members' });
      await user.clear(search);
      await user.click(search);
      await user.paste(term);
      act(() => jest.advanceTimersByTime(300));
      await user.click(await within(drawer).findByRole('button', { name }));
    }
    await user.click(within(drawer).getByRole('button', { name: 'Remove Cy Diaz' }));
    await user.click(create);
    await screen.findByRole('region', { name: 'Chat room Credentialing' });
    expect(gateway.callsTo('/api/users/initiateGroupChat')[0].body).toEqual({ title: 'Credentialing', creatorId: 'u-ann', members: ['u-dee'] });
  }, 300_000);

  it('lets only the creator edit a group in the participants drawer and press Update Group Chat', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    await user.click(screen.getByRole('tab', { name: 'Group Chats' }));
    await screen.findByRole('region', { name: 'Chat room Board' });

    await user.click(within(room()).getByRole('button', { name: 'Ann Lee: chat participants' }));
    const drawer = await screen.findByRole('dialog', { name: 'Chat Participants (creator view)' });
    const title = within(drawer).getByRole('textbox', { name: 'Group Name' });
    await user.clear(title);
    await user.paste('Board 2025');
    await user.click(within(drawer).getByRole('button', { name: 'Remove Bob Roe' }));
    const search = within(drawer).getByRole('textbox', { name: 'Search Members' });
    await user.type(search, 'cy');
    act(() => jest.advanceTimersByTime(300));
    await user.click(await within(drawer).findByRole('button', { name: 'Cy Diaz @cy' }));
    await user.click(within(drawer).getByRole('button', { name: 'Update Group Chat' }));
    await waitFor(() => expect(within(room()).getByRole('heading', { name: 'Board 2025' })).toBeTruthy());
    expect(gateway.callsTo('/api/users/updateGroupChat')[0].body).toEqual({ title: 'Board 2025', chatId: 'g-board', members: ['u-cy'] });

    await user.click(within(list('Group chats')).getByRole('button', { name: /Billing/ }));
    await screen.findByRole('region', { name: 'Chat room Billing' });
    await user.click(within(room()).getByRole('button', { name: 'Bob Roe: chat participants' }));
    const viewer = await screen.findByRole('dialog', { name: 'Chat Participants (participant view)' });
    expect(within(viewer).queryByRole('textbox')).toBeNull();
    expect(within(viewer).queryByRole('button', { name: 'Update Group Chat' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(viewer).getByText('Chat Creator').closest('li')?.textContent).toContain('Bob Roe');
  });
});
