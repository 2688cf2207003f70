/**
 * NATS subject and stream names. Every name is built here so a prefix (NATS_PREFIX) can
 * isolate a test run or a second deployment on the same NATS server.
 *
 *   events.<context>.<EventName>   integration events (JetStream stream EVENTS)
 *   <context>.cmd.<name>           commands, request/reply, queue group per service
 *   <context>.qry.<name>           queries, request/reply, queue group per service
 *   realtime.user.<userId>         pushes to the browser sockets of one user
 *   realtime.users                 one push to the sockets of several users (ids in the envelope)
 */
export type BoundedContext = 'identity' | 'directory' | 'practices' | 'messaging' | 'notifications' | 'credentialing';

export const BOUNDED_CONTEXTS: readonly BoundedContext[] = [
  'identity',
  'directory',
  'practices',
  'messaging',
  'notifications',
  'credentialing',
] as const;

export class Subjects {
  private readonly p: string;
  constructor(readonly prefix = '') {
    if (prefix && !/^[A-Za-z0-9_-]+$/.test(prefix)) {
      throw new Error(`NATS_PREFIX may hold only letters, digits, '_' and '-' (got '${prefix}')`);
    }
    this.p = prefix ? `${prefix}.` : '';
  }
  event(context: BoundedContext, name: string): string {
    return `${this.p}events.${context}.${name}`;
  }
  allEvents(context?: BoundedContext): string {
    return context ? `${this.p}events.${context}.>` : `${this.p}events.>`;
  }
  cmd(context: BoundedContext, name: string): string {
    return `${this.p}${context}.cmd.${name}`;
  }
  qry(context: BoundedContext, name: string): string {
    return `${this.p}${context}.qry.${name}`;
  }
  health(context: BoundedContext): string {
    return `${this.p}${context}.qry.health`;
  }
  realtimeUser(userId: string): string {
    return `${this.p}realtime.user.${userId}`;
  }
  realtimeAll(): string {
    return `${this.p}realtime.user.*`;
  }
  /** One push for several users (RealtimeMultiEnvelope): a chat message once, not once per recipient. */
  realtimeUsers(): string {
    return `${this.p}realtime.users`;
  }
  /** The JetStream stream holding every integration event. */
  get eventStream(): string {
    return this.prefix ? `${this.prefix.replace(/-/g, '_').toUpperCase()}_EVENTS` : 'EVENTS';
  }
  /** A durable consumer name, unique per prefix. */
  durable(name: string): string {
    return this.prefix ? `${this.prefix}_${name}` : name;
  }
}
