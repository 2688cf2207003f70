import { useRealtimeAlerts } from '../../alerts/hooks/useRealtimeAlerts';
import { useChatRealtime } from '../../chat/hooks/useChatRealtime';
import { useRealtimeSession } from '../../realtime/hooks/useRealtimeSession';
import { useLiveSignedInUser } from '../../session/hooks/useLiveSignedInUser';

/**
 * The shell's signed-in machinery, rendering nothing: the realtime socket kept in step with the
 * session, the signed-in user kept live, the chat's realtime events and live alerts. The shell loads it on demand once a user
 * is signed in (socket.io and the chat controller stay out of a visitor's first load) and keeps
 * it mounted from then on, so these hooks see the sign-out and the next sign-in as before.
 */
export function SignedInRuntime(): null {
  useRealtimeSession();
  useLiveSignedInUser();
  useChatRealtime();
  useRealtimeAlerts();
  return null;
}
