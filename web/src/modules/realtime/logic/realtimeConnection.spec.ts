import { fakeClock } from '../../../testing/fakeClock';
import type { RealtimeEvents } from '../types/realtimeEvents';
import { createRealtimeConnection, retryDelay, type SocketHandlers } from './realtimeConnection';

type FakeSocket = { token: string; handlers: SocketHandlers; reconnects: number; closed: boolean };

function fakeSockets() {
  const sockets: FakeSocket[] = [];
  const createSocket = (token: string, handlers: SocketHandlers) => {
    const socket: FakeSocket = { token, handlers, reconnects: 0, closed: false };
    sockets.push(socket);
    return {
      reconnect: () => {
        socket.reconnects += 1;
      },
      close: () => {
        socket.closed = true;
      },
    };
  };
  return { sockets, createSocket, last: () => sockets[sockets.length - 1] };
}


const alert: RealtimeEvents['user-alert-event'] = {
  id: 'a1',
  showAlert: true,
  autoDismiss: true,
  autoDismissTime: 8000,
  headerText: 'New sign-in to your account',
  headerIcon: 'LoginOutlined',
  bodyText: 'Mobile Safari 17 on iOS 17.0',
};

function setup() {
  const sockets = fakeSockets();
  const clock = fakeClock();
  const refused: string[] = [];
  const statuses: string[] = [];
  const connection = createRealtimeConnection({
    createSocket: sockets.createSocket,
    scheduler: clock,
    onRefused: (reason) => refused.push(reason),
    retryDelaysMs: [1000, 5000],
    log: () => undefined,
  });
  connection.onStatus((status) => statuses.push(status));
  return { connection, sockets, clock, refused, statuses };
}

describe('realtime connection', () => {
  it('opens one socket per token and closes it on logout', () => {
    const { connection, sockets, statuses } = setup();
    connection.setToken('t1');
    connection.setToken('t1');
    expect(sockets.sockets.map((socket) => socket.token)).toEqual(['t1']);
    expect(connection.status()).toBe('connecting');

    sockets.last().handlers.onConnect();
    expect(connection.status()).toBe('connected');

    connection.setToken('t2');
    expect(sockets.sockets.map((socket) => [socket.token, socket.closed])).toEqual([
      ['t1', true],
      ['t2', false],
    ]);

    connection.setToken(null);
    expect(sockets.last().closed).toBe(true);
    expect(connection.status()).toBe('offline');
    expect(connection.token()).toBeNull();
    expect(statuses).toEqual(['connecting', 'connected', 'connecting', 'offline']);
  });

  it('delivers events to the handlers of their name, across new sockets, until unsubscribed', () => {
    const { connection, sockets } = setup();
    const alerts: Array<RealtimeEvents['user-alert-event']> = [];
    const counts: number[] = [];
    const stop = connection.on('user-alert-event', (payload) => alerts.push(payload));
    connection.on('user-notification-event', (payload) => counts.push(payload.notificationsCount));

    connection.setToken('t1');
    sockets.last().handlers.onEvent('user-alert-event', alert);
    sockets.last().handlers.onEvent('new-message-event', { id: 'x' });
    connection.setToken('t2');
    sockets.last().handlers.onEvent('user-alert-event', alert);
    sockets.last().handlers.onEvent('user-notification-event', { notification: {}, notificationsCount: 4 });
    stop();
    sockets.last().handlers.onEvent('user-alert-event', alert);

    expect(alerts).toEqual([alert, alert]);
    expect(counts).toEqual([4]);
  });

  it('ignores what a closed socket still reports', () => {
    const { connection, sockets } = setup();
    const alerts: unknown[] = [];
    const connects: number[] = [];
    connection.on('user-alert-event', (payload) => alerts.push(payload));
    connection.onConnect(() => connects.push(1));
    connection.setToken('t1');
    const first = sockets.last();
    connection.setToken(null);
    first.handlers.onConnect();
    first.handlers.onEvent('user-alert-event', alert);
    expect(alerts).toEqual([]);
    expect(connects).toEqual([]);
    expect(connection.status()).toBe('offline');
  });

  it('keeps delivering to other handlers when one throws', () => {
    const { connection, sockets } = setup();
    const seen: string[] = [];
    connection.on('user-alert-event', () => {
      throw new Error('boom');
    });
    connection.on('user-alert-event', (payload) => seen.push(payload.id));
    connection.setToken('t1');
    sockets.last().handlers.onEvent('user-alert-event', alert);
    expect(seen).toEqual(['a1']);
  });

  it('calls the connect handlers on every connect and reconnect', () => {
    const { connection, sockets } = setup();
    let connects = 0;
    connection.onConnect(() => {
      connects += 1;
    });
    connection.setToken('t1');
    sockets.last().handlers.onConnect();
    sockets.last().handlers.onDisconnect('transport close');
    expect(connection.status()).toBe('connecting');
    sockets.last().handlers.onConnect();
    expect(connects).toBe(2);
  });

  it('leaves network failures to socket.io, which retries by itself', () => {
    const { connection, sockets, clock, refused } = setup();
    connection.setToken('t1');
    sockets.last().handlers.onConnectError('websocket error', true);
    expect(clock.pending()).toBe(0);
    expect(refused).toEqual([]);
    expect(connection.status()).toBe('connecting');
  });

  it('reports a refused handshake and retries with a backoff until connected', () => {
    const { connection, sockets, clock, refused } = setup();
    connection.setToken('t1');
    const socket = sockets.last();
    socket.handlers.onConnectError('unauthorized', false);
    expect(refused).toEqual(['unauthorized']);
    clock.advance(999);
    expect(socket.reconnects).toBe(0);
    clock.advance(1);
    expect(socket.reconnects).toBe(1);

    socket.handlers.onConnectError('unavailable', false);
    clock.advance(4999);
    expect(socket.reconnects).toBe(1);
    clock.advance(1);
    expect(socket.reconnects).toBe(2);

    socket.handlers.onConnectError('unavailable', false);
    clock.advance(5000);
    expect(socket.reconnects).toBe(3);

    // A successful connect starts the backoff over.
    socket.handlers.onConnect();
    socket.handlers.onConnectError('unavailable', false);
    clock.advance(1000);
    expect(socket.reconnects).toBe(4);
  });

  it('reconnects after the server ended the socket', () => {
    const { connection, sockets, clock } = setup();
    connection.setToken('t1');
    sockets.last().handlers.onConnect();
    sockets.last().handlers.onDisconnect('io server disconnect');
    clock.advance(1000);
    expect(sockets.last().reconnects).toBe(1);
  });

  it('stops retrying once signed out', () => {
    const { connection, sockets, clock } = setup();
    connection.setToken('t1');
    const socket = sockets.last();
    socket.handlers.onConnectError('unauthorized', false);
    connection.setToken(null);
    clock.advance(60_000);
    expect(socket.reconnects).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it('waits 1, 2, 5, 10 and then 30 seconds between retries by default', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => retryDelay(attempt))).toEqual([1000, 2000, 5000, 10_000, 30_000, 30_000, 30_000]);
    expect(retryDelay(-1)).toBe(1000);
    expect(retryDelay(3, [])).toBe(0);
  });
});
