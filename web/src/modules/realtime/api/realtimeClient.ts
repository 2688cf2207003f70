import { io, type Socket } from 'socket.io-client';
import { createRealtimeConnection, type RealtimeConnection, type SocketFactory } from '../logic/realtimeConnection';
import type { ServerToClientEvents } from '../types/realtimeEvents';

/** The socket.io endpoint of the gateway (same origin). */
export const REALTIME_PATH = '/socket.io';

/** A socket.io socket on the same origin, the session token in the handshake. */
export const createSocketIo: SocketFactory = (token, handlers) => {
  const socket: Socket<ServerToClientEvents, Record<string, never>> = io({
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    // A socket of its own per session: a new token never reuses the last session's manager.
    forceNew: true,
  });
  socket.on('connect', handlers.onConnect);
  socket.on('disconnect', (reason) => handlers.onDisconnect(reason));
  socket.on('connect_error', (error) => handlers.onConnectError(error.message, socket.active));
  socket.onAny((name: string, payload: unknown) => handlers.onEvent(name, payload));
  return {
    reconnect: () => {
      if (!socket.connected) socket.connect();
    },
    close: () => {
      socket.offAny();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
};

/**
 * Refusals are reported by the session hook (useRealtimeSession), which registers here; the
 * connection itself is shared by the whole app, like the API client.
 */
let refusalListener: ((reason: string) => void) | null = null;

/** Sets who hears that the server refused the socket (one listener; null removes it). */
export function setRealtimeRefusalListener(listener: ((reason: string) => void) | null): void {
  refusalListener = listener;
}

/** The app's realtime connection (one socket per signed-in session). */
export const realtimeConnection: RealtimeConnection = createRealtimeConnection({
  createSocket: createSocketIo,
  onRefused: (reason) => refusalListener?.(reason),
});
