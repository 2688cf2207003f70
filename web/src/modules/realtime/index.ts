export { realtimeConnection, REALTIME_PATH } from './api/realtimeClient';
export { useRealtimeConnect } from './hooks/useRealtimeConnect';
export { useRealtimeEvent } from './hooks/useRealtimeEvent';
export { useRealtimeSession } from './hooks/useRealtimeSession';
export { createRealtimeConnection, type RealtimeConnection } from './logic/realtimeConnection';
export { realtimeStatusAtom } from './state/realtimeStatusAtom';
export type { RealtimeEventName, RealtimeEvents, RealtimeHandler, RealtimeStatus } from './types/realtimeEvents';
