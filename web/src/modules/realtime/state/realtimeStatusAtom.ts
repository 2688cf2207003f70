import { atom } from 'jotai';
import type { RealtimeStatus } from '../types/realtimeEvents';

/** Where the realtime socket stands: 'offline' (signed out), 'connecting' or 'connected'. */
export const realtimeStatusAtom = atom<RealtimeStatus>('offline');
