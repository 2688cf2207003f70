/**
 * What the chat screen specs mock realtime/api/realtimeClient with: the app's realtime connection
 * on fake sockets, so a spec can push events as the gateway does (chatScreenHarness.push).
 *   jest.mock('../../realtime/api/realtimeClient', () => jest.requireActual('../testing/fakeRealtimeClient').fakeRealtimeClient);
 */
import { createRealtimeConnection, type SocketHandlers } from '../../realtime/logic/realtimeConnection';

/** The handlers of every socket opened so far, the last one the live one. */
export const sockets: SocketHandlers[] = [];

export const fakeRealtimeClient = {
  realtimeConnection: createRealtimeConnection({
    createSocket: (_token: string, handlers: SocketHandlers) => {
      sockets.push(handlers);
      return { reconnect: () => undefined, close: () => undefined };
    },
  }),
};
