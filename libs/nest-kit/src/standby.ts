/**
 * A warm standby: the supervisor (scripts/lib/system.mjs, `standby`) starts a spare process of
 * an app ahead of need with APP_STANDBY=1 and an IPC channel. The spare loads its code, checks
 * its migrations and creates its Nest application (its pools and NATS connection open), and
 * waits here before it listens (bootstrapDomainService, the gateway's main); when the running
 * instance dies, the supervisor sends it 'start' and it only has to start listening (its
 * projections, relay and consumers, its NATS subscriptions or HTTP port). A spare whose
 * supervisor goes away exits. Without APP_STANDBY (any other way of running an app) this
 * resolves at once.
 */
export const STANDBY_START = 'start';

type ProcessLike = Pick<NodeJS.Process, 'on' | 'off' | 'once' | 'exit'> & { send?: unknown; channel?: { unref(): void } | undefined };

export function untilStarted(env: NodeJS.ProcessEnv = process.env, proc: ProcessLike = process): Promise<void> {
  if (env.APP_STANDBY !== '1' || typeof proc.send !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const orphaned = () => proc.exit(0);
    const onMessage = (message: unknown) => {
      if (message !== STANDBY_START) return;
      proc.off('message', onMessage);
      proc.off('disconnect', orphaned);
      // From here the app runs as any other: the channel no longer keeps it alive.
      proc.channel?.unref();
      resolve();
    };
    proc.on('message', onMessage);
    proc.once('disconnect', orphaned);
  });
}

/** Milliseconds since the process started (what a boot's phases are logged in). */
export function sinceProcessStart(): number {
  return Math.round(performance.now());
}
