/**
 * The chat screen of the chat screen specs (ChatScreen.spec.tsx, ChatScreen.dialogs.spec.tsx):
 * the top bar and the screen on a fake messaging gateway and a fake realtime socket (each spec
 * mocks realtime/api/realtimeClient with testing/fakeRealtimeClient), the signed-in user Ann.
 */
import { act, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { realtimeConnection } from '../../realtime/api/realtimeClient';
import type { RealtimeEvents } from '../../realtime/types/realtimeEvents';
import { signedInFlagAtom } from '../../session/state/signedInFlagAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { tokenAtom } from '../../session/state/tokenAtom';
import { TopBar } from '../../shell/components/TopBar';
import { type FakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { ChatScreen } from '../components/ChatScreen';
import { useChatRealtime } from '../hooks/useChatRealtime';
import { ann, type ChatData, chatGateway, sampleData } from './chatFixtures';
import { sockets } from './fakeRealtimeClient';

/** Pushes a realtime event on the live socket, as the gateway does. */
export function push<E extends keyof RealtimeEvents>(name: E, payload: RealtimeEvents[E]): void {
  act(() => sockets[sockets.length - 1].onEvent(name, payload));
}

function Host(): ReactElement {
  useChatRealtime();
  return (
    <>
      <TopBar />
      <ChatScreen />
    </>
  );
}

/** The gateway's chats and the fake gateway of the last renderChat. */
export let data: ChatData;
export let gateway: FakeGateway;

export function renderChat(options: { data?: ChatData; extra?: Parameters<typeof chatGateway>[1] } = {}) {
  data = options.data ?? sampleData();
  gateway = chatGateway(data, options.extra);
  const store = createStore();
  store.set(tokenAtom, 'session-token');
  store.set(signedInUserAtom, { ...ann });
  store.set(signedInFlagAtom, true);
  const started = Date.now();
  const rendered = renderWithApp(<Host />, { store, path: '/chat', userEvent: { advanceTimers: jest.advanceTimersByTime } });
  return { ...rendered, elapsed: () => Date.now() - started };
}

export const list = (name = 'Direct messages') => screen.getByRole('list', { name });
export const room = () => screen.getByRole('region', { name: /^Chat room/ });
export const log = () => screen.getByRole('log', { name: 'Messages' });
export const chatLink = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Chat/ });

/** Fake timers from 2025-03-06 12:00 UTC and a connected socket for each test. */
export function chatScreenTimersAndSocket(): void {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2025-03-06T12:00:00.000Z') });
    realtimeConnection.setToken('session-token');
    act(() => sockets[sockets.length - 1].onConnect());
  });

  afterEach(() => {
    realtimeConnection.setToken(null);
    jest.useRealTimers();
    restoreFetch();
  });
}
