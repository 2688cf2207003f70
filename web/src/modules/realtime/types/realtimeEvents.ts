import type { RealtimeEventName, RealtimeEvents } from '@app/contracts';

export type { RealtimeEventName, RealtimeEvents };

/** A handler of one realtime event, typed by the event's payload. */
export type RealtimeHandler<E extends RealtimeEventName> = (payload: RealtimeEvents[E]) => void;

/** The events the server pushes, in socket.io's listener-map form. */
export type ServerToClientEvents = { [E in RealtimeEventName]: (payload: RealtimeEvents[E]) => void };

/** Where the socket stands: none (signed out), trying to (re)connect, or connected. */
export type RealtimeStatus = 'offline' | 'connecting' | 'connected';
