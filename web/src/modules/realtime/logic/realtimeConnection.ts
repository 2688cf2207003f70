import { browserScheduler, type Scheduler } from '../../timing/scheduler';
import type { RealtimeEventName, RealtimeHandler, RealtimeStatus } from '../types/realtimeEvents';

/** What the connection tells the socket it creates to call. */
export type SocketHandlers = {
  /** Connected (the first time and after every reconnect). */
  onConnect: () => void;
  /** Lost the connection; `reason` as socket.io names it ('io server disconnect', 'transport close', …). */
  onDisconnect: (reason: string) => void;
  /**
   * The handshake failed. `willRetry`: the client retries by itself (a network failure);
   * false when the server refused it (its middleware answered 'unauthorized' or 'unavailable').
   */
  onConnectError: (message: string, willRetry: boolean) => void;
  /** A pushed event. */
  onEvent: (name: string, payload: unknown) => void;
};

/** One live socket, as the connection drives it. */
export type SocketHandle = {
  /** Opens the socket again after the server refused or ended it. */
  reconnect: () => void;
  /** Closes the socket for good and drops its listeners. */
  close: () => void;
};

export type SocketFactory = (token: string, handlers: SocketHandlers) => SocketHandle;

/** Timer functions, injectable so tests can drive time. */
export type RealtimeScheduler = Scheduler;

export type RealtimeConnectionOptions = {
  createSocket: SocketFactory;
  /**
   * The server refused the handshake (reason 'unauthorized', 'unavailable', …). The app checks
   * whether the session is gone; the connection tries again later unless the token is cleared.
   */
  onRefused?: (reason: string) => void;
  scheduler?: RealtimeScheduler;
  /** Waits before manual retries (after a refusal or a server-side disconnect); the last repeats. */
  retryDelaysMs?: readonly number[];
  /** Where a failing event handler is reported (the console by default). */
  log?: (message: string, error: unknown) => void;
};

export type RealtimeConnection = {
  /** Connects with this token (a new socket when it changed), or disconnects with null. */
  setToken: (token: string | null) => void;
  /** The token of the current socket, or null. */
  token: () => string | null;
  status: () => RealtimeStatus;
  /** Calls the handler with every `name` event; returns the unsubscribe. Survives reconnects and new sockets. */
  on: <E extends RealtimeEventName>(name: E, handler: RealtimeHandler<E>) => () => void;
  /** Calls the handler on every connect and reconnect; returns the unsubscribe. */
  onConnect: (handler: () => void) => () => void;
  /** Calls the listener whenever the status changes; returns the unsubscribe. */
  onStatus: (listener: (status: RealtimeStatus) => void) => () => void;
};

/** Waits before a manual retry: 1 s, 2 s, 5 s, 10 s, then every 30 s. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];

/** The wait before manual retry number `attempt` (0-based); the last delay repeats. */
export function retryDelay(attempt: number, delays: readonly number[] = DEFAULT_RETRY_DELAYS_MS): number {
  if (delays.length === 0) return 0;
  return delays[Math.min(Math.max(attempt, 0), delays.length - 1)];
}

const defaultScheduler: RealtimeScheduler = browserScheduler;

/**
 * One realtime socket per signed-in session. Handlers subscribe by event name on the
 * connection (not on a socket), so they outlive reconnects and token changes. socket.io
 * reconnects by itself after network failures; after the server refuses the handshake or ends
 * the socket, the connection retries with a backoff (and tells `onRefused`, so the app can
 * find out whether the session is gone).
 */
export function createRealtimeConnection(options: RealtimeConnectionOptions): RealtimeConnection {
  const scheduler = options.scheduler ?? defaultScheduler;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const log = options.log ?? ((message: string, error: unknown) => console.error(message, error));

  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const connectHandlers = new Set<() => void>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();

  let currentToken: string | null = null;
  let socket: SocketHandle | null = null;
  let currentStatus: RealtimeStatus = 'offline';
  let retryTimer: unknown = null;
  let retryAttempt = 0;
  /** Bumped for every new socket, so callbacks of a closed one are ignored. */
  let generation = 0;

  const setStatus = (next: RealtimeStatus): void => {
    if (next === currentStatus) return;
    currentStatus = next;
    for (const listener of [...statusListeners]) listener(next);
  };

  const cancelRetry = (): void => {
    if (retryTimer !== null) {
      scheduler.clearTimeout(retryTimer);
      retryTimer = null;
    }
  };

  const scheduleRetry = (forGeneration: number): void => {
    cancelRetry();
    const wait = retryDelay(retryAttempt, delays);
    retryAttempt += 1;
    retryTimer = scheduler.setTimeout(() => {
      retryTimer = null;
      if (forGeneration === generation && socket) socket.reconnect();
    }, wait);
  };

  const safely = (what: string, run: () => void): void => {
    try {
      run();
    } catch (error) {
      log(`realtime: a ${what} handler failed`, error);
    }
  };

  const open = (token: string): void => {
    generation += 1;
    const mine = generation;
    retryAttempt = 0;
    setStatus('connecting');
    const current = (): boolean => mine === generation;
    socket = options.createSocket(token, {
      onConnect: () => {
        if (!current()) return;
        cancelRetry();
        retryAttempt = 0;
        setStatus('connected');
        for (const handler of [...connectHandlers]) safely('connect', handler);
      },
      onDisconnect: (reason) => {
        if (!current()) return;
        setStatus('connecting');
        // socket.io reconnects by itself, except when the server ended the socket.
        if (reason === 'io server disconnect') scheduleRetry(mine);
      },
      onConnectError: (message, willRetry) => {
        if (!current()) return;
        setStatus('connecting');
        if (willRetry) return;
        scheduleRetry(mine);
        options.onRefused?.(message);
      },
      onEvent: (name, payload) => {
        if (!current()) return;
        const set = handlers.get(name);
        if (!set) return;
        for (const handler of [...set]) safely(`'${name}'`, () => handler(payload));
      },
    });
  };

  const close = (): void => {
    generation += 1;
    cancelRetry();
    const closing = socket;
    socket = null;
    closing?.close();
  };

  return {
    setToken: (token) => {
      const next = token || null;
      if (next === currentToken && (socket !== null) === (next !== null)) return;
      currentToken = next;
      close();
      if (next) open(next);
      else setStatus('offline');
    },
    token: () => currentToken,
    status: () => currentStatus,
    on: (name, handler) => {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      const stored = handler as (payload: unknown) => void;
      set.add(stored);
      return () => {
        set.delete(stored);
      };
    },
    onConnect: (handler) => {
      connectHandlers.add(handler);
      return () => {
        connectHandlers.delete(handler);
      };
    },
    onStatus: (listener) => {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
}
